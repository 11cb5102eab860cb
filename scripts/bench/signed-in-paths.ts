/** The pages a client opens most (the first of the month: the invoice), for the signed-in and soak steps. */
export const signedInPaths = ['/', '/dashboard', '/billing', '/billing/invoices']
