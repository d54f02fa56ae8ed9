/** The product's name, as the install banner and page titles show it. */
export const PRODUCT_NAME = 'F-1 Student Portal';
export const PRODUCT_SHORT_NAME = 'Student Portal';
/** Where students write when something in the portal does not work (spec sections 2 and 8). */
export const SUPPORT_EMAIL = 'support@f1studentportal.com';
