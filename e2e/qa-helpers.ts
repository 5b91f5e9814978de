import type { Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logIn, uniqueEmail } from './fixtures'

// Shared by the QA and test-taking journeys.
const password = 'a-good-password'

/** A fresh teacher for this test only, registered straight through the API. */
export async function newTeacher(page: Page) {
	const email = uniqueEmail('qa-teacher')
	const response = await fetch(`${apiUrl}/auth/register-tutor`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ firstName: 'Quinn', lastName: 'Ames', email, password }),
	})
	expect(response.status).toBe(201)
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	return email
}

export type QuestionSpec = { text: string; options: string[]; correct: number }

/** Builds a template in the editor: each added question is a form post without JavaScript. */
export async function buildTemplate(page: Page, title: string, questions: QuestionSpec[]) {
	await page
		.getByRole('navigation', { name: 'Teacher navigation' })
		.getByRole('link', { name: 'Create template' })
		.click()
	await expect(page.getByRole('heading', { name: 'Create a QA template' })).toBeVisible()
	await page.getByLabel('Title').fill(title)
	await page.getByLabel('Time limit (minutes)').fill('10')
	for (const [index, question] of questions.entries()) {
		const number = index + 1
		if (index > 0) {
			await page.getByRole('button', { name: 'Add question' }).click()
			await expect(page.getByLabel(`Question ${number} text`)).toHaveValue('')
		}
		await page.getByLabel(`Question ${number} text`).fill(question.text)
		for (const [optionIndex, option] of question.options.entries()) {
			await page
				.getByLabel(`Question ${number}, option ${optionIndex + 1}`, { exact: true })
				.fill(option)
		}
		await page.getByLabel(`Question ${number}, option ${question.correct} is correct`).check()
	}
	await page.getByRole('button', { name: 'Save template' }).click()
	await expect(page).toHaveURL(/\/teachersdashboard\/qa\/templates$/)
	await expect(page.getByText('Template created successfully')).toBeVisible()
}
