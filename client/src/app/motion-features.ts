// domMax rather than domAnimation: the home page's logos are draggable, and drag lives only in domMax.
export { domMax as default } from 'framer-motion';
