import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as OTLP/HTTP JSON carries it (ids in hex). */
export interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
  links?: { traceId: string; spanId: string; attributes?: { key: string; value: Record<string, unknown> }[] }[];
}

/** A local OTLP/HTTP collector: keeps every span posted to /v1/traces (JSON encoding) and answers success. */
export class OtlpCollectorStub {
  readonly spans: ExportedSpan[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') {
          if (!String(request.headers['content-type']).includes('application/json'))
            throw new Error(`Expected OTLP JSON, got ${request.headers['content-type']}`);
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans?: { scopeSpans?: { spans?: ExportedSpan[] }[] }[] };
          for (const resource of body.resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) this.spans.push(...(scope.spans ?? []));
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

export function attribute(span: { attributes?: { key: string; value: Record<string, unknown> }[] }, key: string): unknown {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
}
