import { Bot, Briefcase, LayoutDashboard, Settings, Users } from "lucide-react";

export const ADMIN_SECTIONS = [
  { id: "overview", label: "Overview", Icon: LayoutDashboard },
  { id: "ai-models", label: "AI Models", Icon: Bot },
  { id: "users", label: "Users", Icon: Users },
  { id: "cases", label: "Cases", Icon: Briefcase },
  { id: "settings", label: "Settings", Icon: Settings },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]["id"];
