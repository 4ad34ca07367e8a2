import "./index.css";

/** The landing page's entry: paint the prerendered page, then load what makes it interactive. */
const load = () => import("./landing-app");
if (document.getElementById("root")?.firstElementChild) requestAnimationFrame(() => setTimeout(load, 0));
else void load();
