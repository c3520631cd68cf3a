import { z } from 'zod';
import { ACCESS_VALUES } from './access-values';

export const accessSchema = z.enum(ACCESS_VALUES);
