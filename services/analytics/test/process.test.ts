import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('analytics', __dirname);
