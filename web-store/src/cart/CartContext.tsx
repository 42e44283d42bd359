import type { CartItemView, CartPromoReply, CartView } from '@shop/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import * as cartApi from '../api/cart';
import { STORAGE_KEYS, type ApiFailure } from '../api/client';
import type { Product, ProductCard } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { localId } from '../lib/id';
import { createLogger } from '@shop/web-kit/logger';
import { alertFailure } from '../lib/notify';
import {
  addToLines,
  guestLineView,
  guestTotals,
  INVALID_PRODUCT,
  productIdOf,
  readGuestCart,
  sameLine,
  setLineQuantity,
  type CartLine,
  type CartLineView,
  type CartProduct,
  type CartTotals,
  type Customization,
} from './guestCart';

/** Anything a product can be added from: a catalog product or its card, a cart line's or an order line's. */
export type CartProductSource = CartProduct | Product | ProductCard;

export interface CartContextValue {
  /** Where the cart lives: the browser for visitors, the server once signed in (spec, section 4). */
  mode: 'guest' | 'server';
  lines: CartLineView[];
  count: number;
  totals: CartTotals;
  status: 'loading' | 'error' | 'ready';
  error: ApiFailure | null;
  reload(): void;
  /** True while the guest cart is being merged into the customer's after login. */
  syncing: boolean;
  addItem(product: CartProductSource, quantity?: number, customization?: Customization): Promise<void>;
  setQuantity(lineId: string, quantity: number): Promise<void>;
  removeLine(lineId: string): Promise<void>;
  clear(): Promise<void>;
  findLine(productId: string, customization?: Customization): CartLineView | undefined;
  /**
   * The one promo code the shopper applied, in the cart or at checkout, kept in browser storage
   * until removed or used by an order. Checkout applies it; the server checks it every time.
   */
  promoCode: string | null;
  /** What a code takes off this cart now, as the server says; rejects with its reason. */
  previewPromo(code: string): Promise<CartPromoReply>;
  setPromoCode(code: string | null): void;
}

const CartContext = createContext<CartContextValue | null>(null);
const CART_KEY = 'cart';
const logger = createLogger('cart');
const EMPTY_TOTALS: CartTotals = { subtotal: 0, shipping: 0, total: 0, bulkOrder: false };

/** The fields a guest line keeps of its product, whichever reading of a product it came from. */
export function toCartProduct(product: CartProductSource): CartProduct {
  const { _id, name, price, images, brand, stock } = product;
  // A card leaves out the options: a line added from one carries no customization to price.
  const { allowsImageUpload, availableSizes } = product as Partial<CartProduct>;
  const customizations =
    'customizationOptions' in product
      ? product.customizationOptions
      : (product as CartProduct).customizations;
  return { _id, name, price, images, brand, stock, allowsImageUpload, availableSizes, customizations };
}

function serverLine(item: CartItemView): CartLineView {
  return {
    _id: item._id,
    productId: item.productId,
    product: item.product,
    quantity: item.quantity,
    customization: item.customization as Customization,
    addedAt: item.addedAt,
    unitPrice: item.unitPrice,
    linePrice: item.linePrice,
    available: item.available,
    unavailableReason: item.unavailableReason,
  };
}

/**
 * The shopper's cart. A visitor's lives in browser storage under `cart`, written back on every
 * change and followed across tabs; a customer's lives on the server. At login the guest cart is
 * merged into the customer's in one call and then emptied.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?._id ?? null;
  const queryClient = useQueryClient();
  // Read once the page is in the browser (the server has no localStorage; see AuthProvider), and
  // written back only after that, so the empty cart of the first render never overwrites it.
  const [restored, setRestored] = useState(false);
  const [guestLines, setGuestLines] = useState<CartLine[]>([]);
  // The customer whose cart is ready to read: set once the guest cart has been merged into it.
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const mergeStarted = useRef<string | null>(null);
  const latestGuestLines = useRef(guestLines);
  latestGuestLines.current = guestLines;
  const syncing = Boolean(userId) && readyFor !== userId;
  const [promoCode, setPromoCode] = useState<string | null>(null);

  useLayoutEffect(() => {
    // An empty stored cart leaves the lines as they are: a new empty list would render every
    // useCart() reader again, in the hydration's last task, for nothing.
    const stored = readGuestCart(localStorage.getItem(STORAGE_KEYS.cart));
    if (stored.length > 0) setGuestLines(stored);
    setPromoCode(localStorage.getItem(STORAGE_KEYS.promo));
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored) localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(guestLines));
  }, [restored, guestLines]);

  useEffect(() => {
    if (!restored) return;
    if (promoCode) localStorage.setItem(STORAGE_KEYS.promo, promoCode);
    else localStorage.removeItem(STORAGE_KEYS.promo);
  }, [restored, promoCode]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.cart) setGuestLines(readGuestCart(event.newValue));
      if (event.key === STORAGE_KEYS.promo) setPromoCode(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Signing in merges what the visitor collected before the server cart is read, so an early read
  // cannot overwrite the merged cart; signing out forgets the customer's cart.
  useEffect(() => {
    if (!userId) {
      mergeStarted.current = null;
      setReadyFor(null);
      queryClient.removeQueries({ queryKey: [CART_KEY] });
      return;
    }
    if (mergeStarted.current === userId) return;
    mergeStarted.current = userId;
    const pending = latestGuestLines.current;
    if (pending.length === 0) {
      setReadyFor(userId);
      return;
    }
    cartApi
      .mergeCart(
        pending.map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          customization: line.customization,
        })),
      )
      .then((reply) => {
        queryClient.setQueryData([CART_KEY, userId], reply.cart);
        setGuestLines([]);
        if (reply.skipped.length > 0) logger.warn('Guest cart lines the shop no longer sells', reply.skipped);
      })
      .catch((error: unknown) => alertFailure(error, cartApi.CART_ERRORS.sync))
      .finally(() => setReadyFor(userId));
  }, [userId, queryClient]);

  const server = useQuery({
    queryKey: [CART_KEY, userId],
    queryFn: ({ signal }) => cartApi.fetchCart(signal),
    enabled: Boolean(userId) && !syncing,
  });
  const { data: serverCart, isPending, isError, error: serverError, refetch } = server;

  const store = useCallback(
    (cart: CartView) => {
      queryClient.setQueryData([CART_KEY, userId], cart);
    },
    [queryClient, userId],
  );

  const value = useMemo<CartContextValue>(() => {
    if (userId) {
      const cart = serverCart;
      const lines = cart?.items.map(serverLine) ?? [];
      return {
        mode: 'server',
        lines,
        count: cart?.itemCount ?? 0,
        totals: cart
          ? { subtotal: cart.subtotal, shipping: cart.shipping, total: cart.total, bulkOrder: cart.bulkOrder }
          : EMPTY_TOTALS,
        status: syncing || isPending ? 'loading' : isError && !cart ? 'error' : 'ready',
        error: serverError ?? null,
        reload: () => void refetch(),
        syncing,
        addItem: async (product, quantity = 1, customization = {}) => {
          const productId = productIdOf(product);
          if (!productId) throw new Error(INVALID_PRODUCT);
          store(await cartApi.addCartLine({ productId, quantity, customization }));
        },
        setQuantity: async (lineId, quantity) => store(await cartApi.setCartLineQuantity(lineId, quantity)),
        removeLine: async (lineId) => store(await cartApi.removeCartLine(lineId)),
        clear: async () => store(await cartApi.clearCart()),
        findLine: (productId, customization = {}) =>
          lines.find((line) => sameLine(line, productId, customization)),
        promoCode,
        previewPromo: (code) => cartApi.previewPromo(code),
        setPromoCode,
      };
    }
    const lines = guestLines.map(guestLineView);
    return {
      mode: 'guest',
      lines,
      count: lines.reduce((sum, line) => sum + line.quantity, 0),
      totals: guestTotals(lines),
      status: 'ready',
      error: null,
      reload: () => setGuestLines(readGuestCart(localStorage.getItem(STORAGE_KEYS.cart))),
      syncing: false,
      addItem: async (product, quantity = 1, customization = {}) => {
        if (!productIdOf(product)) throw new Error(INVALID_PRODUCT);
        setGuestLines((current) =>
          addToLines(current, toCartProduct(product), quantity, customization, new Date(), localId),
        );
      },
      setQuantity: async (lineId, quantity) =>
        setGuestLines((current) => setLineQuantity(current, lineId, quantity)),
      removeLine: async (lineId) => setGuestLines((current) => setLineQuantity(current, lineId, 0)),
      clear: async () => setGuestLines([]),
      findLine: (productId, customization = {}) =>
        lines.find((line) => sameLine(line, productId, customization)),
      promoCode,
      previewPromo: (code) =>
        cartApi.previewPromo(
          code,
          guestLines.map((line) => ({
            productId: line.productId,
            quantity: line.quantity,
            customization: line.customization,
          })),
        ),
      setPromoCode,
    };
  }, [userId, serverCart, isPending, isError, serverError, refetch, syncing, guestLines, store, promoCode]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used inside CartProvider');
  return context;
}
