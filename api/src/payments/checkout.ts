import { chargeOf } from '../courses/present.ts'
import { COURSE_NOT_FOUND } from '../courses/access.ts'
import { countEnrolled, findCourse, isEnrolled } from '../courses/repository.ts'
import type { Db } from '../db.ts'
import type { Account } from '../platform/context.ts'
import { ApiError, MESSAGES } from '../platform/errors.ts'
import { applyConfirmation } from './confirmation.ts'
import { toPayment } from './present.ts'
import { claimPayment, existingPayment, findPayment, openPayment } from './repository.ts'
import type { PaymentGateway } from './stripe.ts'
import { cardBrand, testCardOutcome } from './test-provider.ts'

// A student's payment for a course (moved from payments/routes.ts, decision 060): opened once,
// then confirmed through the one path (payments/confirmation.ts, decision 043).

const PAYMENT_NOT_FOUND = 'Payment not found'
const ALREADY_PROCESSED = 'This payment has already been processed'

/** One of the student's own payments. */
export async function studentPayment(db: Db, account: Account, id: string) {
	const payment = await findPayment(db, id)
	if (!payment) throw new ApiError(404, PAYMENT_NOT_FOUND)
	if (payment.student_id !== account.id) throw new ApiError(403, MESSAGES.forbidden)
	return payment
}

/**
 * The student's payment for a course: the one that enrolled them or is still open (a double
 * click, another tab), else a new one; a free course is confirmed at once. `opened` says whether
 * this request opened it.
 */
export async function startCheckout(
	db: Db,
	gateway: PaymentGateway,
	studentId: string,
	courseId: string,
) {
	const course = await findCourse(db, courseId)
	if (!course?.is_published) throw new ApiError(404, COURSE_NOT_FOUND)
	const existing = await existingPayment(db, course.id, studentId)
	if (existing) return { opened: false, answer: await gateway.withClientSecret(existing) }
	if (await isEnrolled(db, course.id, studentId)) {
		throw new ApiError(409, 'You are already enrolled in this course')
	}
	if (course.max_students !== null && (await countEnrolled(db, course.id)) >= course.max_students) {
		throw new ApiError(409, 'This course is full')
	}
	const amount = chargeOf(course)
	const chosen = amount === 0 ? 'free' : gateway.provider
	const opened = await openPayment(db, course, studentId, amount, chosen)
	// Another request of this student opened one a moment ago: that one is the answer.
	if (!opened) {
		const raced = await existingPayment(db, course.id, studentId)
		if (!raced) throw new ApiError(409, ALREADY_PROCESSED)
		return { opened: false, answer: await gateway.withClientSecret(raced) }
	}
	if (chosen === 'free') {
		// Nothing to charge: the confirmation follows at once, through the same single path.
		await applyConfirmation(db, {
			eventId: `free_${opened.id}`,
			type: 'free.enrolled',
			paymentId: opened.id,
			outcome: { status: 'succeeded' },
		})
		const payment = toPayment((await findPayment(db, opened.id))!)
		return { opened: true, answer: { payment, clientSecret: null } }
	}
	return { opened: true, answer: await gateway.withClientSecret(opened, course) }
}

/** The test provider's card: its own event, through the one confirmation path. */
export async function payWithTestCard(
	db: Db,
	account: Account,
	paymentId: string,
	card: { cardNumber: string },
) {
	const payment = await studentPayment(db, account, paymentId)
	if (payment.provider !== 'test') {
		throw new ApiError(400, 'This payment is not handled by the test provider')
	}
	if (payment.status !== 'requires_payment') throw new ApiError(409, ALREADY_PROCESSED)
	const claimed = await claimPayment(db, payment.id, {
		brand: cardBrand(card.cardNumber),
		last4: card.cardNumber.slice(-4),
	})
	if (!claimed) throw new ApiError(409, ALREADY_PROCESSED)
	await applyConfirmation(db, {
		eventId: `test_evt_${payment.id}`,
		type: 'test.charge',
		paymentId: payment.id,
		outcome: testCardOutcome(card.cardNumber),
	})
	return toPayment((await findPayment(db, payment.id))!)
}
