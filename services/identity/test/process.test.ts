import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('identity', __dirname);
