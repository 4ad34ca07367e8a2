import "./index.css";

/**
 * The app's entry: tiny on purpose. A prerendered page is painted from its HTML first and the
 * app loads right after; any other page loads the app at once (the server preloads it).
 */
const load = () => import("./app-main");
if (document.getElementById("root")?.firstElementChild) requestAnimationFrame(() => setTimeout(load, 0));
else void load();
