/** Screen texts shared by the SPA and the server, worded exactly as the spec has them. */
export const copy = {
  genericError: 'Oops. Something went wrong please try again later.',
  wait: 'Please wait...',
  notFoundTitle: 'Page Not Found',
  notFoundText: "Oops we can't find the page you were looking for",
  returnToHomepage: 'Return to homepage',
  notAvailableYet: 'This page is not available yet.',
  logoutSuccessful: 'Logout successful. You have been logged out.',
} as const;

export const defaultTheme = 'default';
