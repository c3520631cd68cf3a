// The load generator's HTTP client: node:http over kept-alive connections. It shares the machine
// with the stack it measures, and fetch (undici) cost it about a core at 500 requests a second,
// time taken from the services and counted in their latencies; this costs a fraction of that.
import http from 'node:http';

// Idle connections are dropped before the gateway's keep-alive timeout (Node's 5 s): a request sent
// on a connection the server is closing fails with "socket hang up", as no browser would let it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** GET a JSON answer that must be 200. */
export async function getJson<T>(url: string): Promise<T> {
  const answer = await request(url);
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  return JSON.parse(answer.text) as T;
}

/** GET that must answer 200, its body read and dropped (a page the generator does not look into). */
export function getOk(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`)),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
