import { PDFDocument, PDFName, PDFString, rgb, type Color, type PDFPage } from 'pdf-lib'
import QRCode from 'qrcode'
import { english, type Speaker } from '../platform/i18n.ts'
import { anyScriptText, type Weight } from '../pdf/any-script-text.ts'

export type CertificateContent = {
	studentName: string
	courseTitle: string
	issuerName: string
	issuedAt: Date
	publicId: string
	verifyUrl: string
}

const INDIGO = rgb(0.216, 0.188, 0.639)
const SLATE = rgb(0.2, 0.255, 0.333)

/** A dark square per QR module, drawn as vectors so it stays sharp when printed. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
	const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
	const count = qr.modules.size
	const quiet = 2
	const cell = size / (count + quiet * 2)
	page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) })
	for (let row = 0; row < count; row++) {
		for (let col = 0; col < count; col++) {
			if (!qr.modules.get(row, col)) continue
			page.drawRectangle({
				x: x + (col + quiet) * cell,
				y: y + size - (row + quiet + 1) * cell,
				width: cell,
				height: cell,
				color: rgb(0, 0, 0),
			})
		}
	}
}

/** Makes a rectangle of the page open `url` when clicked. */
function addLink(page: PDFPage, url: string, rect: [number, number, number, number]) {
	const context = page.doc.context
	const annotation = context.register(
		context.obj({
			Type: 'Annot',
			Subtype: 'Link',
			Rect: rect,
			Border: [0, 0, 0],
			A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
		}),
	)
	page.node.set(PDFName.of('Annots'), context.obj([annotation]))
}

/**
 * A one-page landscape A4 certificate with a QR code for its public verification page, in the
 * reader's language (decision 064); in Arabic laid out right to left: the lines start at the
 * right, and the QR code stands at the left.
 */
export async function certificatePdf(
	content: CertificateContent,
	speech: Speaker = english,
): Promise<Uint8Array> {
	const { say } = speech
	const rtl = speech.dir === 'rtl'
	const doc = await PDFDocument.create()
	doc.setTitle(say('Certificate of completion: {course}', { course: content.courseTitle }))
	doc.setAuthor(content.issuerName)
	doc.setSubject(say('Verify at {link}', { link: content.verifyUrl }))
	doc.setLanguage(speech.language)
	doc.setCreator('TutorHub')
	doc.setCreationDate(content.issuedAt)
	const page = doc.addPage([842, 595])
	const { width, height } = page.getSize()
	const line = anyScriptText(doc)

	page.drawRectangle({
		x: 24,
		y: 24,
		width: width - 48,
		height: height - 48,
		borderColor: INDIGO,
		borderWidth: 4,
	})
	page.drawRectangle({
		x: 34,
		y: 34,
		width: width - 68,
		height: height - 68,
		borderColor: INDIGO,
		borderWidth: 1,
	})

	const maxWidth = width - 140
	const centred = async (
		text: string,
		y: number,
		size: number,
		weight: Weight = 400,
		color: Color = SLATE,
	) => {
		let laidOut = await line(text, weight)
		let fontSize = size
		while (laidOut.widthAt(fontSize) > maxWidth && fontSize > 10) fontSize -= 1
		if (laidOut.widthAt(fontSize) > maxWidth)
			laidOut = await line(`${[...text].slice(0, 80).join('')}...`, weight)
		laidOut.draw(page, { x: (width - laidOut.widthAt(fontSize)) / 2, y, size: fontSize, color })
	}
	/** A line that starts `x` from the page's start edge: the left, or the right in Arabic. */
	const start = async (text: string, x: number, y: number, size: number, color: Color = SLATE) => {
		const laidOut = await line(text)
		laidOut.draw(page, { x: rtl ? width - x - laidOut.widthAt(size) : x, y, size, color })
	}

	await centred('TutorHub', height - 90, 18, 700, INDIGO)
	await centred(say('Certificate of Completion'), height - 140, 34, 700, INDIGO)
	await centred(say('This certifies that'), height - 190, 14)
	await centred(content.studentName, height - 235, 30, 700, rgb(0, 0, 0))
	await centred(say('has successfully completed the course'), height - 275, 14)
	await centred(content.courseTitle, height - 315, 22, 700, rgb(0, 0, 0))
	const issued = speech.dateTime(content.issuedAt, {
		year: 'numeric',
		month: 'long',
		day: 'numeric',
		timeZone: 'UTC',
	})
	await centred(
		say('Issued by {issuer} on {date}', { issuer: content.issuerName, date: issued }),
		height - 355,
		13,
	)

	const qrSize = 110
	const qrX = rtl ? 60 : width - 60 - qrSize
	const qrY = 60
	drawQr(page, content.verifyUrl, qrX, qrY, qrSize)
	const scan = await line(say('Scan to verify'))
	scan.draw(page, { x: qrX + (qrSize - scan.widthAt(9)) / 2, y: qrY - 12, size: 9, color: SLATE })
	await start(say('Certificate ID: {id}', { id: content.publicId }), 60, 92, 10)
	await start(say('Check that this certificate is genuine at:'), 60, 76, 10)
	await start(content.verifyUrl, 60, 62, 9, INDIGO)
	addLink(page, content.verifyUrl, [qrX, qrY, qrX + qrSize, qrY + qrSize])

	// Plain objects (no object streams), so the link and metadata stay readable to simple tools.
	return doc.save({ useObjectStreams: false })
}
