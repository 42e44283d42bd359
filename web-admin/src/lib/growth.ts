/** The percent-change rule is shared with the server (back-office spec, section 9). */
export { growthPercent } from '@shop/proto';
