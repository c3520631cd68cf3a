import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('requests', __dirname);
