import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { appPort, mailboxDir } from '../playwright.config'

/** A mail the e2e servers' SMTP server received (scripts/e2e-servers.mjs writes one file each). */
export type ReceivedMail = { to: string[]; subject: string; text: string; html: string }

export function receivedMails(): ReceivedMail[] {
	let files: string[]
	try {
		files = readdirSync(mailboxDir).filter((name) => name.endsWith('.json'))
	} catch {
		return []
	}
	return files
		.sort()
		.map((name) => JSON.parse(readFileSync(join(mailboxDir, name), 'utf8')) as ReceivedMail)
}

export const mailsTo = (address: string) =>
	receivedMails().filter((mail) => mail.to.includes(address))

/** Waits for the `count`th mail to `address` whose subject matches, and answers it. */
export async function waitForMail(
	address: string,
	subject: string | RegExp,
	count = 1,
): Promise<ReceivedMail> {
	const matches = () =>
		mailsTo(address).filter((mail) =>
			typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject),
		)
	await expect
		.poll(() => matches().length, { message: `mail "${subject}" to ${address}`, timeout: 15_000 })
		.toBeGreaterThanOrEqual(count)
	return matches()[count - 1] as ReceivedMail
}

/** The link in a mail's text to a page of the app (at PUBLIC_URL: the app under test). */
export function linkIn(mail: ReceivedMail, path: string): string {
	const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path)
	if (!link) throw new Error(`no link to ${path} in: ${mail.text}`)
	expect(new URL(link).origin).toBe(`http://127.0.0.1:${appPort}`)
	// The HTML version carries the same link.
	expect(mail.html).toContain(link.replaceAll('&', '&amp;'))
	return link
}

/** Opens a verification link and confirms with the page's button, as its owner does. */
export async function confirmEmail(page: Page, link: string) {
	await page.goto(link)
	await page.getByRole('button', { name: 'Confirm my email address' }).click()
}
