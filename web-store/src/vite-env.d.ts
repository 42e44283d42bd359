/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SHOP_EMAIL?: string;
  readonly VITE_SHOP_PHONE?: string;
  readonly VITE_SHOP_ADDRESS?: string;
  readonly VITE_SHOP_INSTAGRAM?: string;
  readonly VITE_SHOP_FACEBOOK?: string;
  readonly VITE_SHOP_LINKEDIN?: string;
  readonly VITE_SHOP_WHATSAPP?: string;
}
