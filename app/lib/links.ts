// Fixed external links of the ticket service (spec section 1).
export const links = {
  termsOfService: 'https://www.ticketservice.com.tw/terms',
  privacyPolicy: 'https://www.ticketservice.com.tw/privacy',
  refundPolicy: 'https://www.ticketservice.com.tw/refund',
  ticketHome: 'https://www.ticketservice.com.tw/',
} as const;

/**
 * The course page (under the brand) with one session chosen in its booking
 * panel (which reads ?session=) and the panel in view (#booking): where a
 * listed session (the timetable, a card's 「更多時段」) takes a tap.
 */
export function sessionPath(s: { storeId: number; courseId: number; scheduleId: number }): string {
  return `/activity/${s.storeId}/${s.courseId}?session=${s.scheduleId}#booking`;
}
