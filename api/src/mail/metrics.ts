import { Gauge } from 'prom-client'
import type { Db } from '../db.ts'
import type { DomainMetrics } from '../platform/metrics.ts'
import { countOutboxByStatus } from './repository.ts'

/** The mail outbox by status, read when scraped (pending is the queue depth; decision 034). */
export const mailOutboxMetrics =
	(db: Db): DomainMetrics =>
	(registry) => {
		new Gauge({
			name: 'api_mail_outbox',
			help: 'Mails in the outbox by status (pending is the queue depth)',
			labelNames: ['status'] as const,
			registers: [registry],
			async collect() {
				const rows = await countOutboxByStatus(db)
				this.reset()
				for (const status of ['pending', 'sent', 'failed']) this.set({ status }, 0)
				for (const row of rows) this.set({ status: row.status }, Number(row.count))
			},
		})
	}
