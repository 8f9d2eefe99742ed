/**
 * The load generator of the deliveries benchmark, run as a child process so that the server's
 * process CPU time counts only the server: autocannon against one URL on 127.0.0.1, answering
 * the parent (over IPC) with throughput and latency percentiles of every response.
 * Arguments: url, cookie, connections, seconds.
 */
import autocannon from 'autocannon';
import { timingOf, type Timing } from './deliveries-timing';

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  perSecond: number;
  latency: Timing;
}

const [url = '', cookie = '', connections = '10', seconds = '10'] = process.argv.slice(2);
if (!url.startsWith('http://127.0.0.1:')) throw new Error('the load goes to 127.0.0.1 only');

const times: number[] = [];
const instance = autocannon(
  {
    url,
    connections: Number(connections),
    duration: Number(seconds),
    headers: cookie ? { cookie } : {},
  },
  (error, result) => {
    if (error) throw error;
    const answer: LoadResult = {
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      seconds: result.duration,
      perSecond: result.requests.total / result.duration,
      latency: timingOf(times),
    };
    process.send?.(answer);
  },
);
instance.on('response', (_client, _status, _bytes, responseTime) => {
  times.push(responseTime);
});
