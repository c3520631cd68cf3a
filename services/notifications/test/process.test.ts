import { describeServiceProcess } from '@podz/kit/testing';

describeServiceProcess('notifications', __dirname);
