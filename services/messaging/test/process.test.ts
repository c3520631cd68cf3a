import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('messaging', __dirname);
