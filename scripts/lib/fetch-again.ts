/**
 * fetch, sent once more when it got no answer at all: fetch does not resend a request on a
 * kept-alive connection the server closed as it was reused (seen with several calls in flight on a
 * loaded machine, reads and uploads alike), and such a request never reached the service. For the
 * scripts' own calls (the demo seed, the bench's polls); at worst an upload is made twice.
 */
export function fetchAgain(input: string, init?: RequestInit): Promise<Response> {
  return globalThis.fetch(input, init).catch((err: Error) => {
    if (err.message !== 'fetch failed') throw err;
    return globalThis.fetch(input, init);
  });
}
