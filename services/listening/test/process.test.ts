import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('listening', __dirname);
