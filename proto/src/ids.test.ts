import { idParamsSchema, isObjectId, objectIdSchema } from './ids';

describe('object ids', () => {
  it('accepts 24 hexadecimal characters in either case', () => {
    expect(objectIdSchema.parse('64b7f0c2a1b2c3d4e5f60718')).toBe('64b7f0c2a1b2c3d4e5f60718');
    expect(isObjectId('64B7F0C2A1B2C3D4E5F60718')).toBe(true);
  });

  it.each([
    ['too short', '64b7f0c2a1b2c3d4e5f6071'],
    ['too long', '64b7f0c2a1b2c3d4e5f607180'],
    ['not hex', '64b7f0c2a1b2c3d4e5f6071z'],
    ['empty', ''],
    ['an operator object', { $ne: null }],
    ['a number', 123],
  ])('rejects %s with a clear message', (_label, value) => {
    const result = objectIdSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(isObjectId(value)).toBe(false);
  });

  it('says what an id must look like', () => {
    const result = idParamsSchema.safeParse({ id: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('id must be a 24-character hexadecimal string');
  });
});
