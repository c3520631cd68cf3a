import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('media', __dirname);
