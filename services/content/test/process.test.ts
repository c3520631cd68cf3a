import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('content', __dirname);
