import { countEnrolled, isEnrolled } from '../courses/repository.ts'
import type { Db } from '../db.ts'
import {
	enrollStudent,
	findRefundDue,
	lockCourseSeats,
	lockOpenPayment,
	recordPaymentEvent,
	settlePayment,
} from './repository.ts'
import type { Outcome } from './repository.ts'

// Its row types live with the repository (decision 060: no import circle, types included).
export type { Outcome }

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
		const fresh = await recordPaymentEvent(trx, confirmation)
		if (!fresh) return { applied: false }

		const payment = await lockOpenPayment(trx, confirmation.paymentId)
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
				await enrollStudent(trx, payment.course_id, payment.student_id)
			}
		}
		await settlePayment(trx, payment.id, outcome)
		return { applied: true }
	})
}

/** Null when the student may take a seat now; the course row stays locked until the commit. */
async function seatFor(trx: Db, courseId: string, studentId: string): Promise<Rejection | null> {
	const course = await lockCourseSeats(trx, courseId)
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
	const payment = await findRefundDue(db, paymentId, REJECTED_CHARGES)
	return payment?.provider_ref ? { paymentId: payment.id, intentId: payment.provider_ref } : null
}
