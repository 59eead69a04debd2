/** The HTTP floor: a bare Fastify GET and a 3-field JSON POST, nothing else. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.post('/noop', async (request) => {
  const body = request.body as { a: string; b: number; c: boolean };
  return { ok: typeof body.a === 'string' };
});
void app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
