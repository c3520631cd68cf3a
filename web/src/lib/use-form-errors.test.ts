import { ApiFailure } from './api-client';
import { apiFieldErrors } from './use-form-errors';

describe('apiFieldErrors', () => {
  it('puts body field errors under the field names forms use, the first per field', () => {
    const failure = new ApiFailure('Invalid body', 400, 'VALIDATION_FAILED', [
      { path: 'body.name', message: 'name is required' },
      { path: 'body.name', message: 'a second complaint' },
      { path: 'body.crew.0.userId', message: 'no user 64b7f0c2a1b2c3d4e5f60718' },
    ]);
    expect(apiFieldErrors(failure)).toEqual({
      name: 'name is required',
      crew: 'no user 64b7f0c2a1b2c3d4e5f60718',
    });
  });

  it('names no field for query, params or whole-body errors, nor for other failures', () => {
    const failure = new ApiFailure('Invalid request', 400, 'VALIDATION_FAILED', [
      { path: 'query.page', message: 'page must be a number' },
      { path: 'body', message: 'send either userIds or access' },
    ]);
    expect(apiFieldErrors(failure)).toEqual({});
    expect(apiFieldErrors(new Error('offline'))).toEqual({});
  });
});
