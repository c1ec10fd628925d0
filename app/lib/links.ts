// Fixed external links of the ticket service (spec section 1).
export const links = {
  termsOfService: 'https://www.ticketservice.com.tw/terms',
  privacyPolicy: 'https://www.ticketservice.com.tw/privacy',
  refundPolicy: 'https://www.ticketservice.com.tw/refund',
  ticketHome: 'https://www.ticketservice.com.tw/',
} as const;
