import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * The signed-in teacher creates a task in `course` on the tasks page, due at `dueDate` (the
 * field's local `YYYY-MM-DDTHH:MM`), and reads its id from the link to its submissions.
 */
export async function createTaskOnPage(page: Page, course: string, title: string, dueDate: string) {
	await page.goto('/teachersdashboard/tasks')
	await page.getByLabel('Course').selectOption({ label: course })
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Due date').fill(dueDate)
	await page.getByRole('button', { name: 'Create task' }).click()
	await expect(page.getByText('Task created successfully')).toBeVisible()
	const href = await page
		.getByRole('link', { name: `Submissions for ${title}` })
		.getAttribute('href')
	return new URL(href ?? '', 'http://app').searchParams.get('taskId')
}
