import { EN, MEMBERS, ZH } from "./api-helpers";

/** What the member calls answer, as the tests read it. */
export interface Member {
  id: number;
  username: string;
  role: string;
  mfaStatus: number;
  enabled: boolean;
  createTime: string;
  lastLoginTime: string | null;
}
export interface Page {
  total: number;
  list: Member[];
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const ALL = `${MEMBERS}?pageNum=1&pageSize=999999`;

/** Operator management's own messages, written out so a changed translation fails here. */
export const MM = {
  notFound: { [EN]: "No such member", [ZH]: "成员不存在" },
  usernameTaken: (u: string) => ({ [EN]: `The account ${u} is already in use`, [ZH]: `账号 ${u} 已被使用` }),
  selfDisable: { [EN]: "You cannot disable your own account", [ZH]: "不能停用自己的账号" },
  selfDelete: { [EN]: "You cannot delete your own account", [ZH]: "不能删除自己的账号" },
  selfDemote: { [EN]: "You cannot change your own role", [ZH]: "不能修改自己的角色" },
  selfResetMfa: {
    [EN]: "You cannot reset your own MFA here; use the menu at the top right",
    [ZH]: "不能在此重置自己的 MFA，请使用右上角菜单",
  },
  selfResetPassword: {
    [EN]: "You cannot reset your own password here; use Change password in the menu at the top right",
    [ZH]: "不能在此重置自己的密码，请使用右上角菜单中的修改密码",
  },
  option: { [EN]: "Please choose one of the options", [ZH]: "请从选项中选择" },
  lastAdmin: { [EN]: "The merchant must keep at least one enabled admin", [ZH]: "商户必须至少保留一个已启用的管理员" },
} as const;

export const item = (id: number | string) => `${MEMBERS}/${id}`;
export const RANDOM_PASSWORD = /^[A-Za-z0-9]{16}$/;

export interface Created extends Member {
  password?: string;
  phone: string;
  remark: string;
  name: string;
}
