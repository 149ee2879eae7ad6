// The baseline's webhook queue: one plain table of jobs (claimed with FOR UPDATE SKIP LOCKED) and one
// of attempts, woken by NOTIFY as graphile-worker's add_job wakes its workers.
import type pg from "pg";

export const BASELINE_QUEUE_CHANNEL = "bench_webhook_job";

export const BASELINE_QUEUE_DDL = `
CREATE TABLE IF NOT EXISTS bench_webhook_job (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL,
  type text NOT NULL,
  url text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  status_code int
);
CREATE INDEX IF NOT EXISTS bench_webhook_job_pending ON bench_webhook_job (id) WHERE done_at IS NULL;
CREATE TABLE IF NOT EXISTS bench_webhook_attempt (
  id bigserial PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES bench_webhook_job (id),
  request_headers jsonb NOT NULL,
  request_body text NOT NULL,
  status_code int,
  latency_ms int,
  created_at timestamptz NOT NULL DEFAULT now()
);`;

export type BaselineJob = { eventId: string; type: string; url: string; data: unknown };

/** Queues jobs in the caller's transaction; the NOTIFY is delivered when it commits. */
export async function enqueueBaselineJobs(client: pg.ClientBase, jobs: BaselineJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const values: unknown[] = [];
  const tuples = jobs.map((job) => {
    values.push(job.eventId, job.type, job.url, JSON.stringify(job.data));
    const n = values.length;
    return `($${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  await client.query(`INSERT INTO bench_webhook_job (event_id, type, url, data) VALUES ${tuples.join(", ")}`, values);
  await client.query(`NOTIFY ${BASELINE_QUEUE_CHANNEL}`);
}
