import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('catalog', __dirname);
