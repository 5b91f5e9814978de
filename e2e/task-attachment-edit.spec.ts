import { expect, test } from './fixtures'
import { enrolledCourse, registerAccount, signIn, uniqueWord } from './library-fixtures'

const PDF = {
	name: 'first.pdf',
	mimeType: 'application/pdf',
	buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
}
const NOTES = {
	name: 'notes.txt',
	mimeType: 'text/plain',
	buffer: Buffer.from('Chapter 4, questions 1 to 6.\n'),
}

/** A `datetime-local` value `days` from now. */
function localInput(days: number) {
	const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000)
	const pad = (value: number) => String(value).padStart(2, '0')
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

test("a teacher replaces a task's attachment, then removes it; asking for both is refused", async ({
	page,
}) => {
	const teacher = await registerAccount('tutor', 'Mira', 'Salo')
	const course = `Mechanics ${uniqueWord('c')}`
	await enrolledCourse(teacher, [], course)
	await signIn(page, teacher.email)
	await page.goto('/teachersdashboard/tasks')
	const title = uniqueWord('Forces ')
	const create = page.getByRole('region', { name: 'Create a task' })
	await create.getByLabel('Course').selectOption({ label: course })
	await create.getByLabel('Title').fill(title)
	await create.getByLabel('Due date').fill(localInput(3))
	await create.getByLabel('Attachment (optional)').setInputFiles(PDF)
	await create.getByRole('button', { name: 'Create task' }).click()
	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row).toContainText('first.pdf')

	// A new file replaces the old one.
	await row.getByRole('link', { name: `Edit ${title}` }).click()
	const edit = page.getByRole('region', { name: `Edit “${title}”` })
	await expect(edit.getByRole('link', { name: /first\.pdf/ })).toBeVisible()
	await edit.getByLabel('Replace the attachment with (optional)').setInputFiles(NOTES)
	await edit.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Task updated successfully')).toBeVisible()
	await expect(row).toContainText('notes.txt')
	await expect(row).not.toContainText('first.pdf')
	const downloading = page.waitForEvent('download')
	await row.getByRole('link', { name: /notes\.txt/ }).click()
	expect((await downloading).suggestedFilename()).toBe('notes.txt')

	// A new file and the removal together are refused, next to the field; nothing changes.
	await row.getByRole('link', { name: `Edit ${title}` }).click()
	await edit.getByLabel('Remove the attachment').check()
	await edit.getByLabel('Replace the attachment with (optional)').setInputFiles(PDF)
	await edit.getByRole('button', { name: 'Save changes' }).click()
	await expect(edit.getByText('Choose a new file or remove the attachment, not both')).toBeVisible()

	// Removing it leaves the task without a file.
	await page.goto('/teachersdashboard/tasks')
	await row.getByRole('link', { name: `Edit ${title}` }).click()
	await edit.getByLabel('Remove the attachment').check()
	await edit.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Task updated successfully').first()).toBeVisible()
	await expect(row.getByRole('cell').nth(4)).toHaveText('None')
})
