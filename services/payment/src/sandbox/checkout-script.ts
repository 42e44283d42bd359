/**
 * The sandbox's stand-in for https://checkout.razorpay.com/v1/checkout.js: the same
 * `new Razorpay(options).open()` interface, `on('payment.failed', cb)` and `close()`, with a pay/fail
 * dialog instead of Razorpay's window. Pay asks the sandbox (next to this script's URL) to make a
 * payment and hands `handler` the correctly signed result; Fail fires `payment.failed` with
 * Razorpay's error shape. Plain ES2017 so any browser the storefront supports runs it.
 */
export const SANDBOX_CHECKOUT_SCRIPT = String.raw`(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.sandbox) return;

  var script = document.currentScript;
  var payUrl = new URL('pay', script && script.src ? script.src : new URL('/api/payments/sandbox/checkout.js', location.href)).toString();
  var nextId = 1;

  var STYLE =
    '.rzp-sbx-backdrop{position:fixed;inset:0;background:rgba(15,23,42,.55);display:flex;align-items:center;justify-content:center;z-index:2147483000;font:15px/1.4 system-ui,sans-serif}' +
    '.rzp-sbx-dialog{background:#fff;color:#0f172a;border-radius:10px;width:min(92vw,380px);padding:20px 22px;box-shadow:0 20px 50px rgba(0,0,0,.3)}' +
    '.rzp-sbx-dialog h2{margin:0 0 4px;font-size:18px}' +
    '.rzp-sbx-dialog p{margin:4px 0}' +
    '.rzp-sbx-badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:4px;padding:1px 6px;font-size:12px;margin-bottom:8px}' +
    '.rzp-sbx-amount{font-size:22px;font-weight:600;margin:10px 0}' +
    '.rzp-sbx-dialog label{display:block;margin:10px 0 4px}' +
    '.rzp-sbx-dialog select{width:100%;padding:6px}' +
    '.rzp-sbx-actions{display:flex;gap:8px;margin-top:16px}' +
    '.rzp-sbx-actions button{flex:1;padding:9px 10px;border-radius:6px;border:1px solid #cbd5e1;background:#f8fafc;cursor:pointer;font:inherit}' +
    '.rzp-sbx-actions .rzp-sbx-pay{background:#2563eb;border-color:#2563eb;color:#fff}' +
    '.rzp-sbx-actions .rzp-sbx-fail{background:#fff;color:#b91c1c;border-color:#b91c1c}' +
    '.rzp-sbx-dialog button:focus-visible,.rzp-sbx-dialog select:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}' +
    '.rzp-sbx-dialog button:disabled{opacity:.6;cursor:wait}' +
    '.rzp-sbx-status{min-height:1.4em;margin-top:10px;color:#b91c1c}' +
    '.rzp-sbx-close{float:right;background:none;border:0;font-size:22px;line-height:1;cursor:pointer;color:#475569}';

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function formatAmount(paise, currency) {
    // Checkout's amount is in paise, Razorpay's unit; the dialog shows rupees.
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100);
    } catch (e) {
      return (currency || 'INR') + ' ' + (paise / 100).toFixed(2);
    }
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    if (!options.order_id) throw new Error('order_id is required');
    this.options = options;
    this.listeners = {};
    this.root = null;
  }

  Razorpay.sandbox = true;

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) { callback(payload); });
  };

  Razorpay.prototype.open = function () {
    if (this.root) return this;
    var self = this;
    var o = this.options;
    var id = 'rzp-sbx-' + nextId++;
    if (!document.getElementById('rzp-sbx-style')) {
      var style = el('style', { id: 'rzp-sbx-style' });
      style.textContent = STYLE;
      document.head.appendChild(style);
    }
    this.returnFocus = document.activeElement;
    var backdrop = el('div', { class: 'rzp-sbx-backdrop' });
    var dialog = el('div', { class: 'rzp-sbx-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc' });
    var close = el('button', { type: 'button', class: 'rzp-sbx-close', 'aria-label': 'Close payment window' }, '\u00d7');
    var title = el('h2', { id: id + '-title' }, o.name || 'Payment');
    var badge = el('span', { class: 'rzp-sbx-badge' }, 'Sandbox: no real money moves');
    var desc = el('p', { id: id + '-desc' }, o.description || 'Complete your payment');
    var amount = el('p', { class: 'rzp-sbx-amount' }, formatAmount(o.amount, o.currency));
    var label = el('label', { for: id + '-method' }, 'Payment method');
    var method = el('select', { id: id + '-method' });
    [['card', 'Card'], ['upi', 'UPI'], ['netbanking', 'Net banking'], ['wallet', 'Wallet']].forEach(function (m) {
      method.appendChild(el('option', { value: m[0] }, m[1]));
    });
    var pay = el('button', { type: 'button', class: 'rzp-sbx-pay' }, 'Pay ' + formatAmount(o.amount, o.currency));
    var fail = el('button', { type: 'button', class: 'rzp-sbx-fail' }, 'Fail payment');
    var status = el('p', { class: 'rzp-sbx-status', role: 'status', 'aria-live': 'polite' });
    var actions = el('div', { class: 'rzp-sbx-actions' });
    actions.appendChild(pay);
    actions.appendChild(fail);
    [close, title, badge, desc, amount, label, method, actions, status].forEach(function (n) { dialog.appendChild(n); });
    if (o.prefill && (o.prefill.email || o.prefill.contact)) {
      dialog.insertBefore(el('p', {}, [o.prefill.name, o.prefill.email, o.prefill.contact].filter(Boolean).join(' \u00b7 ')), amount);
    }
    backdrop.appendChild(dialog);
    document.body.appendChild(backdrop);
    this.root = backdrop;

    function busy(on) {
      pay.disabled = on;
      fail.disabled = on;
      method.disabled = on;
      dialog.setAttribute('aria-busy', on ? 'true' : 'false');
    }

    function submit(outcome) {
      busy(true);
      status.textContent = outcome === 'success' ? 'Processing payment\u2026' : 'Failing payment\u2026';
      fetch(payUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: o.key, order_id: o.order_id, outcome: outcome, method: method.value })
      })
        .then(function (res) {
          return res.json().then(function (body) { return { ok: res.ok, body: body }; });
        })
        .then(function (r) {
          if (!r.ok) throw new Error((r.body && r.body.message) || 'Payment could not be processed');
          if (r.body.error) {
            busy(false);
            status.textContent = 'Payment failed: ' + r.body.error.description + '. You can try again or close this window.';
            self.emit('payment.failed', { error: r.body.error });
            return;
          }
          self.close();
          if (typeof o.handler === 'function') o.handler(r.body);
        })
        .catch(function (err) {
          busy(false);
          status.textContent = err.message;
        });
    }

    pay.addEventListener('click', function () { submit('success'); });
    fail.addEventListener('click', function () { submit('failure'); });
    close.addEventListener('click', function () { self.dismiss(); });
    backdrop.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        self.dismiss();
        return;
      }
      if (event.key !== 'Tab') return;
      var focusable = [close, method, pay, fail].filter(function (n) { return !n.disabled; });
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    });
    pay.focus();
    return this;
  };

  Razorpay.prototype.dismiss = function () {
    if (!this.root) return;
    this.close();
    var modal = this.options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.close = function () {
    if (!this.root) return;
    this.root.parentNode.removeChild(this.root);
    this.root = null;
    if (this.returnFocus && typeof this.returnFocus.focus === 'function') this.returnFocus.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
