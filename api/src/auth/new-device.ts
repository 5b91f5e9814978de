import { FULL_UTC, sendSignInNotice, type MailDeps } from '../account/mails.ts'
import type { AccountRef } from '../account/tokens.ts'
import { afterAnswer } from '../platform/after-answer.ts'
import { msg } from '../platform/i18n.ts'
import type { AccountRole } from '../platform/context.ts'
import { describeDevice, isNewDevice } from './devices.ts'
import type { Device } from './refresh-tokens.ts'

// A sign-in's mail lives with the sign-in (decision 060): auth comes after account in the API's
// domain order, so account's mails do not reach back into auth's devices.

/**
 * After a sign-in: when the device (user agent and address) is new to the account, its owner is
 * told what signed in, from where, and how to end it if it was not them.
 */
export function warnOfNewDevice(
	deps: MailDeps,
	account: AccountRef,
	role: AccountRole,
	device: Device,
) {
	const at = new Date()
	afterAnswer(async () => {
		if (!(await isNewDevice(deps.db, account, device))) return
		await sendSignInNotice(deps, account, role, {
			kind: 'new_sign_in',
			subject: msg('New sign-in to your TutorHub account'),
			what: msg(
				'Your TutorHub account was signed in to from a device it has not used before: {device}, at the address {address}, on {date}.',
			),
			ifNot: msg(
				'If it was not you, end that session on the page above and change your password. If you cannot log in, choose a new password here (it logs out every device): {link}',
			),
			values: (speech) => {
				const { say } = speech
				return {
					device: describeDevice(device.userAgent, say),
					address: device.address || say('unknown'),
					date: speech.dateTime(at, FULL_UTC),
				}
			},
		})
	})
}
