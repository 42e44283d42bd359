/**
 * RPC patterns: `<service>.<entity>.<verb>`. Each service also answers `<prefix>.health.ping`.
 * Services add their patterns here; nothing sends or handles a pattern that is not listed.
 */
export const RPC = {
  user: {
    ping: 'user.health.ping',
    register: 'user.auth.register',
    login: 'user.auth.login',
    me: 'user.auth.me',
    updateMe: 'user.auth.updateMe',
    changePassword: 'user.auth.changePassword',
    /** Ends the signed-in customer's session: this device only. */
    logout: 'user.auth.logout',
    forgotPassword: 'user.auth.forgotPassword',
    resetPassword: 'user.auth.resetPassword',
    /** Sign in (or register) with the Google account the gateway verified. */
    googleSignIn: 'user.auth.google',
    addressList: 'user.address.list',
    addressCreate: 'user.address.create',
    addressUpdate: 'user.address.update',
    addressDelete: 'user.address.delete',
    wishlistToggle: 'user.wishlist.toggle',
    wishlistRemove: 'user.wishlist.remove',
    wishlistGet: 'user.wishlist.get',
    stats: 'user.stats.get',
    adminLogin: 'user.admin.login',
    adminProfile: 'user.admin.profile',
    /** Ends the admin's session: this browser only. */
    adminLogout: 'user.admin.logout',
    /** Every customer account, a page at a time, for admin-reporting's rebuild. */
    adminSnapshot: 'user.admin.snapshot',
    adminCustomerGet: 'user.admin.customer',
    adminDeactivate: 'user.admin.deactivate',
    /** The ids of deactivated accounts, for the gateway to refuse their tokens. */
    adminDeactivatedIds: 'user.admin.deactivatedIds',
    /** The signed-in customer's devices. */
    sessionList: 'user.session.list',
    /** Ends one of the signed-in customer's sessions, named by id. */
    sessionEnd: 'user.session.end',
    /** "Sign out of all devices": ends every session of the caller's account, customer or admin. */
    sessionEndAll: 'user.session.endAll',
    /** A gateway replica's report of the sessions it saw in use, for Settings' "last used". */
    sessionTouch: 'user.session.touch',
    /** The ended sessions whose tokens have not expired yet, for the gateway to refuse them. */
    endedSessions: 'user.session.ended',
    /** Marks the address of the account a verification link names as verified. */
    verifyEmail: 'user.email.verify',
    /** Sends the signed-in customer a fresh verification link. */
    resendVerification: 'user.email.resend',
    /** Whether an account's address is verified: the order service asks before refusing a checkout. */
    emailStatus: 'user.email.status',
    /** Staff with two-factor sign-in on: enrol an authenticator at sign-in (first time). */
    adminTwoFactorEnrol: 'user.admin.twoFactorEnrol',
    /** Staff with two-factor sign-in on: finish signing in with a TOTP or recovery code. */
    adminTwoFactorVerify: 'user.admin.twoFactorVerify',
  },
  catalog: {
    ping: 'catalog.health.ping',
    productList: 'catalog.product.list',
    productGet: 'catalog.product.get',
    productMany: 'catalog.product.many',
    productSimilar: 'catalog.product.similar',
    productSearch: 'catalog.product.search',
    /** The live products' ids and last changes, a page at a time, with the brands and categories: the sitemap. */
    productSitemap: 'catalog.product.sitemap',
    productAdminList: 'catalog.product.adminList',
    productCreate: 'catalog.product.create',
    productUpdate: 'catalog.product.update',
    productDelete: 'catalog.product.delete',
    customizationList: 'catalog.customization.list',
    customizationCreate: 'catalog.customization.create',
    customizationUpdate: 'catalog.customization.update',
    reviewList: 'catalog.review.list',
    reviewCreate: 'catalog.review.create',
    reviewAdminCreate: 'catalog.review.adminCreate',
    reviewHelpful: 'catalog.review.helpful',
    reviewDelete: 'catalog.review.delete',
    /** Undoes a staff deletion of a review, within the restore window. */
    reviewRestore: 'catalog.review.restore',
    imageUpload: 'catalog.image.upload',
    imageDelete: 'catalog.image.delete',
    stockReserve: 'catalog.stock.reserve',
    priceQuote: 'catalog.price.quote',
    /** Auto reorder's open and received requests, for the back office. */
    reorderList: 'catalog.reorder.list',
    /** Staff received a reorder: its quantity is added to the product's stock. */
    reorderReceive: 'catalog.reorder.receive',
  },
  cart: {
    ping: 'cart.health.ping',
    get: 'cart.get',
    clear: 'cart.clear',
    merge: 'cart.merge',
    lineAdd: 'cart.line.add',
    lineUpdate: 'cart.line.update',
    lineRemove: 'cart.line.remove',
    uploadCreate: 'cart.upload.create',
    /** The files a customer's lines may carry, described by the cart that stored them. */
    uploadResolve: 'cart.upload.resolve',
    /** Whether a visitor's guest cart holds this file, for the gateway to show it to them. */
    uploadGuestFile: 'cart.upload.guestFile',
    promoPreview: 'cart.promo.preview',
  },
  order: {
    ping: 'order.health.ping',
    create: 'order.create',
    quote: 'order.quote',
    listMine: 'order.listMine',
    get: 'order.get',
    payable: 'order.payable.get',
    customerStats: 'order.stats.customer',
    couponValidate: 'order.coupon.validate',
    adminList: 'order.admin.list',
    adminGet: 'order.admin.get',
    adminUpdateStatus: 'order.admin.updateStatus',
    adminUpdateTracking: 'order.admin.updateTracking',
    adminProcess: 'order.admin.process',
    adminExport: 'order.admin.export',
    /** One document of an order (invoice, receipt, credit note) as a PDF. */
    documentPdf: 'order.document.pdf',
    /** Staff record a cash-on-delivery order as paid at the door, or refused (cancelled). */
    adminCodOutcome: 'order.admin.codOutcome',
  },
  payment: {
    ping: 'payment.health.ping',
    createOrder: 'payment.order.create',
    verify: 'payment.payment.verify',
    webhook: 'payment.webhook.receive',
    config: 'payment.config.get',
    sandboxPay: 'payment.sandbox.pay',
    sandboxCheckoutScript: 'payment.sandbox.checkoutScript',
  },
  admin: {
    ping: 'admin.health.ping',
    dashboard: 'admin.dashboard.get',
    customerList: 'admin.customers.list',
    customerGet: 'admin.customers.get',
    report: 'admin.reports.get',
    reportSales: 'admin.reports.sales',
    reportTopProducts: 'admin.reports.topProducts',
    reportExport: 'admin.reports.export',
    settingsGet: 'admin.settings.get',
    settingsUpdate: 'admin.settings.update',
    /** The settings without the secret, for the gateway (no actor needed). */
    settingsCurrent: 'admin.settings.current',
    /** The Razorpay key secret the back office stored, for the payment service alone (no actor). */
    settingsKeySecret: 'admin.settings.keySecret',
    rebuildStart: 'admin.readModels.rebuild',
    rebuildStatus: 'admin.readModels.status',
  },
} as const;

export interface PingReply {
  service: string;
  status: 'up';
  uptimeSeconds: number;
}

/**
 * The patterns that only read. Every other pattern changes state, so a service answers a
 * redelivered call to it from the reply it stored the first time (keyed by the call's id) instead
 * of running it again. A new pattern is treated as changing state until it is listed here.
 */
export const RPC_READS: ReadonlySet<string> = new Set<string>([
  RPC.user.ping,
  RPC.user.me,
  RPC.user.addressList,
  RPC.user.wishlistGet,
  RPC.user.stats,
  RPC.user.adminProfile,
  RPC.user.adminSnapshot,
  RPC.user.adminCustomerGet,
  RPC.user.adminDeactivatedIds,
  RPC.user.sessionList,
  RPC.user.endedSessions,
  RPC.user.emailStatus,
  RPC.catalog.ping,
  RPC.catalog.productList,
  RPC.catalog.productGet,
  RPC.catalog.productMany,
  RPC.catalog.productSimilar,
  RPC.catalog.productSearch,
  RPC.catalog.productSitemap,
  RPC.catalog.productAdminList,
  RPC.catalog.customizationList,
  RPC.catalog.reviewList,
  RPC.catalog.priceQuote,
  RPC.catalog.reorderList,
  RPC.cart.ping,
  RPC.cart.get,
  RPC.cart.uploadResolve,
  RPC.cart.uploadGuestFile,
  RPC.cart.promoPreview,
  RPC.order.ping,
  RPC.order.quote,
  RPC.order.listMine,
  RPC.order.get,
  RPC.order.payable,
  RPC.order.customerStats,
  RPC.order.couponValidate,
  RPC.order.adminList,
  RPC.order.adminGet,
  RPC.order.adminExport,
  RPC.order.documentPdf,
  RPC.payment.ping,
  RPC.payment.config,
  RPC.payment.sandboxCheckoutScript,
  RPC.admin.ping,
  RPC.admin.dashboard,
  RPC.admin.customerList,
  RPC.admin.customerGet,
  RPC.admin.report,
  RPC.admin.reportSales,
  RPC.admin.reportTopProducts,
  RPC.admin.reportExport,
  RPC.admin.settingsGet,
  RPC.admin.settingsCurrent,
  // A read, and its reply (the secret) must never be stored with the calls answered.
  RPC.admin.settingsKeySecret,
  RPC.admin.rebuildStatus,
]);
