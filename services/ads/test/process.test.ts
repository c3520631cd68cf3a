import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('ads', __dirname);
