"""Pictures and print (pictures layer): ``render`` draws a grid or a step as SVG or
(Pillow) PNG, ``latex`` writes the four LaTeX stages and booklets. Nothing is imported
here: Pillow loads only when a PNG is asked for."""
