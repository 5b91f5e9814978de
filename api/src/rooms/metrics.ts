import { Gauge } from 'prom-client'
import type { Db } from '../db.ts'
import type { DomainMetrics } from '../platform/metrics.ts'
import { liveRoomCounts } from './hubs.ts'

/** Live rooms and their sockets in this process, read when scraped (decision 034). */
export const liveRoomMetrics =
	(db: Db): DomainMetrics =>
	(registry) => {
		new Gauge({
			name: 'api_live_rooms',
			help: 'Live rooms with someone connected to this process',
			registers: [registry],
			collect() {
				this.set(liveRoomCounts(db).rooms)
			},
		})
		new Gauge({
			name: 'api_live_room_sockets',
			help: 'Live-room WebSockets open on this process',
			registers: [registry],
			collect() {
				this.set(liveRoomCounts(db).sockets)
			},
		})
	}
