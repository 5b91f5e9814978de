import { sql } from 'kysely'
import { isEnrolled } from '../courses/access.ts'
import { countEnrolled } from '../courses/repository.ts'
import type { Db } from '../db.ts'

export type Outcome = { status: 'succeeded' } | { status: 'failed'; code: string; message: string }

export type Confirmation = {
	/** The provider's event id: a Stripe event id, or the test provider's own. */
	eventId: string
	type: string
	paymentId: string
	outcome: Outcome
}

/** Why a charge that went through enrols nobody: the seat or the student was taken meanwhile. */
export const REJECTED_CHARGES = ['course_full', 'already_enrolled'] as const
type Rejection = (typeof REJECTED_CHARGES)[number]

function rejectionMessage(code: Rejection, provider: string) {
	const money =
		provider === 'stripe' ? 'Your payment has been refunded.' : 'You have not been charged.'
	return code === 'course_full'
		? `This course filled up before your payment went through. ${money}`
		: `You are already enrolled in this course. ${money}`
}

/**
 * The provider's word on a payment (a Stripe webhook, or the test provider's equivalent). It is
 * the only path that settles a payment and enrols the student, and it is applied once: a repeated
 * event id, or any event for a payment already settled, changes nothing.
 *
 * A successful charge enrols only while the course has a seat and the student is not enrolled
 * yet, decided under a lock on the course row, so two payments racing for the last seat (or two
 * payments of one student) enrol once. The other ends failed with the reason; a Stripe charge is
 * then refunded by the caller (`refundDue`).
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

		const payment = await trx
			.selectFrom('payments')
			.select(['id', 'course_id', 'student_id', 'provider'])
			.where('id', '=', confirmation.paymentId)
			.where('status', 'in', ['requires_payment', 'processing'])
			.forUpdate()
			.executeTakeFirst()
		if (!payment) return { applied: false }

		let outcome = confirmation.outcome
		if (outcome.status === 'succeeded' && payment.course_id) {
			const rejection = await seatFor(trx, payment.course_id, payment.student_id)
			if (rejection) {
				outcome = {
					status: 'failed',
					code: rejection,
					message: rejectionMessage(rejection, payment.provider),
				}
			} else {
				await trx
					.insertInto('enrollments')
					.values({ course_id: payment.course_id, student_id: payment.student_id })
					.execute()
			}
		}
		await trx
			.updateTable('payments')
			.set({
				status: outcome.status,
				failure_code: outcome.status === 'failed' ? outcome.code : null,
				failure_message: outcome.status === 'failed' ? outcome.message : null,
				settled_at: sql<Date>`now()`,
				updated_at: sql<Date>`now()`,
			})
			.where('id', '=', payment.id)
			.execute()
		return { applied: true }
	})
}

/** Null when the student may take a seat now; the course row stays locked until the commit. */
async function seatFor(trx: Db, courseId: string, studentId: string): Promise<Rejection | null> {
	const course = await trx
		.selectFrom('courses')
		.select(['id', 'max_students'])
		.where('id', '=', courseId)
		.forUpdate()
		.executeTakeFirst()
	if (await isEnrolled(trx, courseId, studentId)) return 'already_enrolled'
	if (course?.max_students != null && (await countEnrolled(trx, courseId)) >= course.max_students) {
		return 'course_full'
	}
	return null
}

/**
 * The Stripe charge of a payment that was refused a seat, still to be refunded: asked on every
 * delivery of its events, so a refund that failed once is tried again when Stripe retries.
 */
export async function refundDue(db: Db, paymentId: string) {
	const payment = await db
		.selectFrom('payments')
		.select(['id', 'provider_ref'])
		.where('id', '=', paymentId)
		.where('provider', '=', 'stripe')
		.where('status', '=', 'failed')
		.where('failure_code', 'in', [...REJECTED_CHARGES])
		.executeTakeFirst()
	return payment?.provider_ref ? { paymentId: payment.id, intentId: payment.provider_ref } : null
}
