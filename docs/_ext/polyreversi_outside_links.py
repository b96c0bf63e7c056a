"""Links from the site's pages to files that are not pages of the site.

The README and the docs pages link to files beside them in the repository that
the site does not hold: the project's rulebook in ``../shared`` (outside the
repository) and ``benchmarks/README.md``. MyST reports such a link as a missing
cross-reference, which the -W build refuses. The prefixes listed in
``polyreversi_outside_links`` (conf.py) are shown as their link text, with the
path as a tooltip; any other link to a missing target still fails the build.
"""
from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform


class OutsideLinks(SphinxPostTransform):
    default_priority = 8  # before MyST's resolver (9), which warns about them

    def run(self, **kwargs) -> None:
        prefixes = tuple(self.config.polyreversi_outside_links)
        for node in list(self.document.findall(addnodes.pending_xref)):
            if node.get("reftype") != "myst" or not str(node.get("reftarget", "")).startswith(prefixes):
                continue
            target = node["reftarget"]
            text = nodes.inline(classes=["outside-link"], reftitle=target)
            text += node[0].deepcopy().children if len(node) else [nodes.Text(target)]
            text["title"] = f"{target} (in the repository, not on this site)"
            node.replace_self(text)


def setup(app):
    app.add_config_value("polyreversi_outside_links", (), "env", types=[tuple, list])
    app.add_post_transform(OutsideLinks)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
