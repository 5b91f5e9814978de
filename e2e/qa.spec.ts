import { expect, logIn, test } from './fixtures'
import { newTeacher } from './qa-helpers'

test('a teacher builds a template with the editor rules, enables, disables and deletes it', async ({
	page,
}) => {
	await newTeacher(page)
	await page.goto('/teachersdashboard/qa/create')

	// One question to start with, and it cannot be removed.
	await expect(page.getByText('A template keeps at least one question.')).toBeVisible()
	await expect(page.getByRole('button', { name: /Remove question/ })).toHaveCount(0)
	// Saving an empty draft names every problem and keeps what was typed.
	await page.getByLabel('Question 1 text').fill('Kept text')
	await page.getByRole('button', { name: 'Save template' }).click()
	await expect(page.getByText('Enter a title')).toBeVisible()
	await expect(page.getByText('Give at least 2 options with text')).toBeVisible()
	await expect(page.getByLabel('Question 1 text')).toHaveValue('Kept text')

	// A new question: 4 empty options, none correct; then two can be removed down to one.
	await page.getByRole('button', { name: 'Add question' }).click()
	await expect(page.getByLabel('Question 2 text')).toHaveValue('')
	for (const option of [1, 2, 3, 4]) {
		await expect(page.getByLabel(`Question 2, option ${option}`, { exact: true })).toHaveValue('')
		await expect(page.getByLabel(`Question 2, option ${option} is correct`)).not.toBeChecked()
	}
	await expect(page.getByLabel('Question 1 text')).toHaveValue('Kept text')
	await page.getByRole('button', { name: 'Remove question 1' }).click()
	await expect(page.getByLabel('Question 2 text')).toHaveCount(0)
	await expect(page.getByLabel('Question 1 text')).toHaveValue('')
	await expect(page.getByRole('button', { name: /Remove question/ })).toHaveCount(0)

	const title = `Rivers ${Date.now()}`
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Question 1 text').fill('Longest river in Africa?')
	await page.getByLabel('Question 1, option 1', { exact: true }).fill('Nile')
	await page.getByLabel('Question 1, option 2', { exact: true }).fill('Congo')
	await page.getByLabel('Question 1, option 1 is correct').check()
	await page.getByRole('button', { name: 'Save template' }).click()
	await expect(page.getByText('Template created successfully')).toBeVisible()

	const row = page.getByRole('row', { name: new RegExp(title) })
	await expect(row.getByRole('cell', { name: 'Inactive' })).toBeVisible()
	await row.getByRole('button', { name: `Enable ${title}` }).click()
	await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible()
	// The status filter lists only active ones now.
	await page.getByLabel('Status').selectOption('0')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	await page.getByLabel('Status').selectOption('1')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await row.getByRole('button', { name: `Disable ${title}` }).click()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
	await page.getByLabel('Status').selectOption('all')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(row.getByRole('cell', { name: 'Inactive' })).toBeVisible()

	// Delete asks first; Cancel keeps it, confirming removes it.
	await row.getByRole('link', { name: `Delete ${title}` }).click()
	await expect(page.getByRole('heading', { name: `Delete “${title}”?` })).toBeVisible()
	await page.getByRole('link', { name: 'Cancel' }).click()
	await expect(page.getByRole('heading', { name: `Delete “${title}”?` })).toHaveCount(0)
	await row.getByRole('link', { name: `Delete ${title}` }).click()
	await page.getByRole('button', { name: 'Yes, delete template' }).click()
	await expect(page.getByText('Template deleted successfully')).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0)
})

test('a student cannot open the teacher’s template pages', async ({ page }) => {
	await logIn(page, 'student@example.com', 'DemoPass123!')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/teachersdashboard/qa/create')
	await expect(page).toHaveURL(/\/unauthorized$/)
})
