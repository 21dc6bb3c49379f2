import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createMetrics, routeOf } from '../../../server-metrics.mjs';

describe('request metrics by route pattern', () => {
  it('names a request by its pattern: ids, numbers and tokens as :id, no query, static files as one, 404 as unmatched', () => {
    expect(routeOf('/file-manager-service/api/v1/file/0f8fad5b-d9cb-469f-a165-70867728950e?download=1')).toBe('/file-manager-service/api/v1/file/:id');
    expect(routeOf('/noty/api/v1/stream?lastEventId=42')).toBe('/noty/api/v1/stream');
    expect(routeOf('/documents/12345')).toBe('/documents/:id');
    expect(routeOf('/file-manager-service/api/v1/file/QqntDMRUhxrD4ftKe5h2UQ')).toBe('/file-manager-service/api/v1/file/:id');
    expect(routeOf('/education/kalkulyaciya-sebestoimosti/pervyj-urok')).toBe('/education/kalkulyaciya-sebestoimosti/pervyj-urok');
    expect(routeOf('/s/QqntDMRUhxrD4ftKe5h2UQxxxxxx')).toBe('/s/:id');
    expect(routeOf('/_next/static/chunks/app-1a2b3c.js')).toBe('/_next/static/*');
    expect(routeOf('/wp-admin/setup.php', 404)).toBe('unmatched');
  });

  it('counts answers and latency; past the route limit new patterns count as other', () => {
    const metrics = createMetrics({ maxRoutes: 2 });
    const send = (url: string, status = 200) => {
      const res = Object.assign(new EventEmitter(), { statusCode: status, writableFinished: true });
      metrics.track({ method: 'GET', url } as IncomingMessage, res as unknown as ServerResponse);
      res.emit('finish');
    };
    send('/a');
    send('/a');
    send('/b', 500);
    send('/c');
    const text = metrics.render();
    expect(text).toContain('kalkulus_http_requests_total{method="GET",route="/a",status="200"} 2');
    expect(text).toContain('kalkulus_http_requests_total{method="GET",route="/b",status="500"} 1');
    expect(text).toContain('kalkulus_http_requests_total{method="GET",route="other",status="200"} 1');
    expect(text).toContain('kalkulus_http_request_duration_seconds_count{route="/a"} 2');
    expect(text).toMatch(/kalkulus_http_request_duration_seconds_bucket\{route="\/a",le="\+Inf"\} 2/);
    expect(text).toContain('kalkulus_http_requests_in_flight 0');
  });
});
