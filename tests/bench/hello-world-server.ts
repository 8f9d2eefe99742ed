/**
 * Fastify's hello-world in a process of its own, the floor a request through Fastify costs:
 * no logger, no hooks, one route. Answers its origin to the parent (over IPC) once it listens.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.(origin);
