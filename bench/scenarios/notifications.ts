import { serviceTime } from '../lib/service-time';
import { drain, pacedLoad } from '../lib/paced-load';
import { type Result, ratio } from '../lib/report';
import type { GeneratedNotifications } from '../data/notifications';

export interface NotificationsScenarioOptions {
  url: string;
  /** The busy user (the bench administrator): their bell, their page, and the digest run (an admin's call). */
  busyAuth: Record<string, string>;
  notifications: GeneratedNotifications;
  seconds: number;
  /** 200 req/s in the bench, like the product's other reads; the standalone check uses less. */
  rate?: number;
  serviceCalls?: number;
}

/**
 * Issue 19's targets: the bell count and the notification page p99 for a user with `busyCount`
 * notifications, paced like the product's reads; then the daily digest run for `digestUsers` users
 * (`POST /api/v2/admin/mail/run-digests`), in seconds.
 */
export async function notificationsScenario(options: NotificationsScenarioOptions, results: Result[]): Promise<void> {
  const rate = options.rate ?? 200;
  const { busyCount, digestUsers, digestAt } = options.notifications;
  const reads: [string, string][] = [
    ['GET /api/v2/notifications/countUnread (bell)', '/api/v2/notifications/countUnread'],
    ['GET /api/v2/notifications?page=0 (notification page)', '/api/v2/notifications?page=0'],
  ];
  for (const [name, path] of reads) {
    const scenario = `${name}, ${busyCount} notifications: p99 at ${rate} req/s`;
    const url = options.url + path;
    try {
      const check = await fetch(url, { headers: options.busyAuth });
      if (!check.ok) throw new Error(`${path} answered ${check.status}`);
      const service = await serviceTime(url, options.busyAuth, options.serviceCalls ?? 100);
      const paced = await pacedLoad({ url, headers: options.busyAuth, durationSeconds: options.seconds, rate });
      await drain(url, options.busyAuth);
      results.push({
        scenario,
        figure: paced.p99,
        unit: 'ms',
        reference: 'target 25 ms',
        referenceFigure: 25,
        ratio: ratio(paced.p99, 25, true),
        note: `service time ${service.p50} ms p50, ${service.p99} ms p99 (one connection); paced p50 ${paced.p50} ms, client loop held ≤ ${paced.clientStallMs} ms${paced.unanswered ? `; ${paced.unanswered} unanswered after the load` : ''}; ${paced.ok} ok, ${paced.errors} errors`,
      });
    } catch (error) {
      results.push({
        scenario,
        figure: null,
        unit: 'ms',
        reference: 'target 25 ms',
        referenceFigure: 25,
        ratio: null,
        note: `failed: ${(error as Error).message}`,
      });
    }
  }
  const scenario = `POST /api/v2/admin/mail/run-digests: daily digests of ${digestUsers} users`;
  try {
    const started = performance.now();
    const response = await fetch(`${options.url}/api/v2/admin/mail/run-digests`, {
      method: 'POST',
      headers: { ...options.busyAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ at: digestAt }),
    });
    if (!response.ok) throw new Error(`run-digests answered ${response.status}`);
    const { sent } = (await response.json()) as { sent: number };
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    results.push({
      scenario,
      figure: seconds,
      unit: 's',
      reference: 'target 60 s',
      referenceFigure: 60,
      ratio: ratio(seconds, 60, true),
      note: `${sent} digests sent and recorded (embedded mailer: one .eml file each)`,
    });
  } catch (error) {
    results.push({
      scenario,
      figure: null,
      unit: 's',
      reference: 'target 60 s',
      referenceFigure: 60,
      ratio: null,
      note: `failed: ${(error as Error).message}`,
    });
  }
}
