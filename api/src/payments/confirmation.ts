import { sql } from 'kysely'
import type { Db } from '../db.ts'

export type Outcome = { status: 'succeeded' } | { status: 'failed'; code: string; message: string }

export type Confirmation = {
	/** The provider's event id: a Stripe event id, or the test provider's own. */
	eventId: string
	type: string
	paymentId: string
	outcome: Outcome
}

/**
 * The provider's word on a payment (a Stripe webhook, or the test provider's equivalent). It is
 * the only path that settles a payment and enrols the student, and it is applied once: a repeated
 * event id, or any event for a payment already settled, changes nothing.
 */
export async function applyConfirmation(db: Db, confirmation: Confirmation) {
	return db.transaction().execute(async (trx) => {
		const fresh = await trx
			.insertInto('payment_events')
			.values({
				event_id: confirmation.eventId,
				payment_id: confirmation.paymentId,
				type: confirmation.type,
			})
			.onConflict((conflict) => conflict.column('event_id').doNothing())
			.returning('event_id')
			.executeTakeFirst()
		if (!fresh) return { applied: false }

		const { outcome } = confirmation
		const settled = await trx
			.updateTable('payments')
			.set({
				status: outcome.status,
				failure_code: outcome.status === 'failed' ? outcome.code : null,
				failure_message: outcome.status === 'failed' ? outcome.message : null,
				settled_at: sql<Date>`now()`,
				updated_at: sql<Date>`now()`,
			})
			.where('id', '=', confirmation.paymentId)
			.where('status', 'in', ['requires_payment', 'processing'])
			.returning(['course_id', 'student_id', 'status'])
			.executeTakeFirst()
		if (!settled) return { applied: false }
		if (settled.status === 'succeeded' && settled.course_id) {
			await trx
				.insertInto('enrollments')
				.values({ course_id: settled.course_id, student_id: settled.student_id })
				.onConflict((conflict) => conflict.columns(['course_id', 'student_id']).doNothing())
				.execute()
		}
		return { applied: true }
	})
}
