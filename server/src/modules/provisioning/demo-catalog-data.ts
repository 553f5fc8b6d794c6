import type { CatalogFile } from "../product/catalog-import";

/**
 * The demo catalog: one product per type and a few more, in the same shape as an import file
 * (docs/catalog-import.md). Docs, demos and tests rely on DEMO-MOBILE-TOPUP: type 1, one required input, the
 * primary-key field `account` of 6 to 20 digits.
 */

const l = (en: string, zh: string) => ({ "en-US": en, "zh-CN": zh });

const deliveryEmail = {
  key: "email",
  label: l("Delivery e-mail", "接收邮箱"),
  kind: "text",
  required: true,
  primaryKey: true,
  pattern: "[^@\\s]+@[^@\\s]+\\.[^@\\s]+",
  maxLength: 120,
} as const;

export const demoCatalog: CatalogFile = {
  products: [
    {
      code: "DEMO-MOBILE-TOPUP",
      type: 1,
      name: "Mobile Top-up",
      nameZh: "手机话费充值",
      description: "Prepaid airtime credited to a mobile number, usually within a minute.",
      descriptionZh: "为手机号码充值话费，通常一分钟内到账。",
      imageUrl: "/catalog/mobile-topup.svg",
      sort: 100,
      fields: [
        {
          key: "account",
          label: l("Mobile number", "手机号码"),
          kind: "text",
          required: true,
          primaryKey: true,
          pattern: "\\d{6,20}",
          maxLength: 20,
        },
      ],
      skus: [
        { code: "CNY10", spec: "10 CNY", faceValue: "10", currency: "CNY", sort: 40 },
        { code: "CNY20", spec: "20 CNY", faceValue: "20", currency: "CNY", sort: 30 },
        { code: "CNY50", spec: "50 CNY", faceValue: "50", currency: "CNY", sort: 20 },
        { code: "CNY100", spec: "100 CNY", faceValue: "100", currency: "CNY", sort: 10 },
      ],
    },
    {
      code: "DEMO-ELECTRICITY",
      type: 1,
      name: "Prepaid Electricity",
      nameZh: "预付费电费",
      description: "Credit for a prepaid electricity meter, identified by its 11-digit meter number.",
      descriptionZh: "为预付费电表充值，以 11 位电表号识别。",
      imageUrl: "/catalog/electricity.svg",
      sort: 90,
      fields: [
        {
          key: "account",
          label: l("Meter number", "电表号"),
          kind: "text",
          required: true,
          primaryKey: true,
          pattern: "\\d{11}",
          maxLength: 11,
        },
        { key: "holderName", label: l("Account holder", "户主姓名"), kind: "text", required: false, maxLength: 40 },
      ],
      skus: [
        { code: "CNY50", spec: "50 CNY", faceValue: "50", currency: "CNY", sort: 30 },
        { code: "CNY100", spec: "100 CNY", faceValue: "100", currency: "CNY", sort: 20 },
        { code: "CNY200", spec: "200 CNY", faceValue: "200", currency: "CNY", sort: 10 },
      ],
    },
    {
      code: "DEMO-STARFALL-GEMS",
      type: 2,
      name: "Starfall Online Gems (login top-up)",
      nameZh: "星陨 Online 钻石（登录充值）",
      description: "Gems added by signing in to the player's game account; give the login, password and server.",
      descriptionZh: "通过登录玩家的游戏账号充值钻石；请提供账号、密码和服务器。",
      imageUrl: "/catalog/starfall-gems.svg",
      sort: 80,
      fields: [
        {
          key: "account",
          label: l("Game account", "游戏账号"),
          kind: "text",
          required: true,
          primaryKey: true,
          group: l("Game account", "游戏账号"),
          minLength: 4,
          maxLength: 64,
        },
        {
          key: "password",
          label: l("Password", "密码"),
          kind: "secret",
          required: true,
          group: l("Game account", "游戏账号"),
          maxLength: 64,
        },
        {
          key: "server",
          label: l("Server", "服务器"),
          kind: "select",
          required: true,
          group: l("Character", "角色"),
          options: [
            { value: "asia", label: l("Asia", "亚洲") },
            { value: "europe", label: l("Europe", "欧洲") },
            { value: "americas", label: l("Americas", "美洲") },
          ],
        },
        {
          key: "roleName",
          label: l("Character name", "角色名"),
          kind: "text",
          required: false,
          group: l("Character", "角色"),
          maxLength: 32,
        },
      ],
      skus: [
        { code: "GEMS60", spec: "60 Gems", faceValue: "0.99", currency: "USD", sort: 40 },
        { code: "GEMS300", spec: "300 Gems", faceValue: "4.99", currency: "USD", sort: 30 },
        { code: "GEMS980", spec: "980 Gems", faceValue: "14.99", currency: "USD", sort: 20 },
        // Left unpriced for the demo merchant: shows what "not orderable" looks like.
        { code: "GEMS6480", spec: "6480 Gems", faceValue: "99.99", currency: "USD", sort: 10 },
      ],
    },
    {
      code: "DEMO-PIXEL-RACERS",
      type: 1,
      name: "Pixel Racers Coins",
      nameZh: "像素赛车金币",
      description: "Coins credited straight to a player ID; no login needed.",
      descriptionZh: "直接充值到玩家 ID，无需登录。",
      imageUrl: "/catalog/pixel-racers.svg",
      sort: 70,
      fields: [
        {
          key: "account",
          label: l("Player ID", "玩家 ID"),
          kind: "text",
          required: true,
          primaryKey: true,
          pattern: "\\d{8,12}",
          maxLength: 12,
        },
      ],
      skus: [
        { code: "COINS500", spec: "500 Coins", faceValue: "4.99", currency: "USD", sort: 20 },
        { code: "COINS1200", spec: "1200 Coins", faceValue: "9.99", currency: "USD", sort: 10 },
      ],
    },
    {
      code: "DEMO-BOOKSTORE-CARD",
      type: 3,
      name: "City Bookstore Gift Card",
      nameZh: "城市书店礼品卡",
      description: "A gift card code and PIN, redeemable in store and online.",
      descriptionZh: "礼品卡卡号和密码，可在门店及网店使用。",
      imageUrl: "/catalog/bookstore-card.svg",
      sort: 60,
      fields: [deliveryEmail],
      skus: [
        { code: "CNY50", spec: "50 CNY", faceValue: "50", currency: "CNY", sort: 30 },
        { code: "CNY100", spec: "100 CNY", faceValue: "100", currency: "CNY", sort: 20 },
        { code: "CNY200", spec: "200 CNY", faceValue: "200", currency: "CNY", sort: 10 },
      ],
    },
    {
      code: "DEMO-STREAMPLUS",
      type: 3,
      name: "StreamPlus Subscription Card",
      nameZh: "StreamPlus 会员卡",
      description: "A code that unlocks a StreamPlus video subscription for the chosen period.",
      descriptionZh: "兑换码，可开通所选时长的 StreamPlus 视频会员。",
      imageUrl: "/catalog/streamplus.svg",
      sort: 50,
      fields: [deliveryEmail],
      skus: [
        { code: "M1", spec: "1 month", faceValue: "9.99", currency: "USD", sort: 30 },
        { code: "M3", spec: "3 months", faceValue: "27.99", currency: "USD", sort: 20 },
        { code: "M12", spec: "12 months", faceValue: "99.99", currency: "USD", sort: 10 },
      ],
    },
    {
      code: "DEMO-IP-PHONE-CARD",
      type: 3,
      name: "IP Phone Card (discontinued)",
      nameZh: "IP 电话卡（已停售）",
      description: "No longer sold; kept so past orders still show their product.",
      descriptionZh: "已停售；保留以便历史订单仍能显示商品。",
      imageUrl: "/catalog/phone-card.svg",
      status: "disabled",
      sort: 0,
      fields: [deliveryEmail],
      skus: [
        { code: "CNY30", spec: "30 CNY", faceValue: "30", currency: "CNY", sort: 20 },
        { code: "CNY50", spec: "50 CNY", faceValue: "50", currency: "CNY", sort: 10 },
      ],
    },
  ],
};

/** The demo merchant's order prices (in its balance currency, USD), by product code and SKU code. */
export const demoPrices: Record<string, Record<string, string>> = {
  "DEMO-MOBILE-TOPUP": { CNY10: "1.4200", CNY20: "2.8300", CNY50: "7.0500", CNY100: "14.0500" },
  "DEMO-ELECTRICITY": { CNY50: "7.0800", CNY100: "14.1000", CNY200: "28.1500" },
  "DEMO-STARFALL-GEMS": { GEMS60: "0.9500", GEMS300: "4.7500", GEMS980: "14.2000" },
  "DEMO-PIXEL-RACERS": { COINS500: "4.8000", COINS1200: "9.6000" },
  "DEMO-BOOKSTORE-CARD": { CNY50: "7.1000", CNY100: "14.1500", CNY200: "28.2000" },
  "DEMO-STREAMPLUS": { M1: "9.4900", M3: "26.5000", M12: "94.9900" },
  "DEMO-IP-PHONE-CARD": { CNY30: "4.3000", CNY50: "7.1000" },
};
