import {
  BookOpenCheck,
  Bot,
  Briefcase,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Scale,
  ScrollText,
  Settings,
  Users,
} from "lucide-react";

export const ADMIN_SECTIONS = [
  { id: "overview", label: "Overview", Icon: LayoutDashboard },
  { id: "ai-models", label: "AI Models", Icon: Bot },
  { id: "users", label: "Users", Icon: Users },
  { id: "cases", label: "Cases", Icon: Briefcase },
  { id: "attorneys", label: "Attorneys", Icon: Scale },
  { id: "testimonials", label: "Testimonials", Icon: MessageSquareQuote },
  { id: "law-library", label: "Law Library", Icon: BookOpenCheck },
  { id: "settings", label: "Settings", Icon: Settings },
  { id: "logs", label: "Logs", Icon: ScrollText },
  { id: "mail", label: "Mail", Icon: Mail },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]["id"];
