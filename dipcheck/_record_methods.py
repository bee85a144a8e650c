"""Record methods compiled ahead of time: written by `python tools/record_methods.py`, do
not edit. dipcheck.records takes a method from here when its source is listed, and
compiles it itself otherwise (a class added since the file was written)."""

# ruff: noqa
# fmt: off


def _m0():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.before,self.after,self.head,self.tail,) == (other.before,other.after,other.head,other.tail,)
     return NotImplemented
    return __eq__


def _m1():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.branches,self.join,) == (other.branches,other.join,)
     return NotImplemented
    return __eq__


def _m2():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.candidate,self.plan,self.crash,) == (other.candidate,other.plan,other.crash,)
     return NotImplemented
    return __eq__


def _m3():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.case,self.observed,self.failures,self.disagreement,self.error,self.seconds,self.evaluations,) == (other.case,other.observed,other.failures,other.disagreement,other.error,other.seconds,other.evaluations,)
     return NotImplemented
    return __eq__


def _m4():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.chain,self.child,self.depth,) == (other.chain,other.child,other.depth,)
     return NotImplemented
    return __eq__


def _m5():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.changes,self.only_original,self.only_converted,) == (other.changes,other.only_original,other.only_converted,)
     return NotImplemented
    return __eq__


def _m6():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.choice,self.stdout_given,self.once,) == (other.choice,other.stdout_given,other.once,)
     return NotImplemented
    return __eq__


def _m7():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.code,self.level,self.message,self.line,self.column,self.end_line,self.end_column,self.replacements,) == (other.code,other.level,other.message,other.line,other.column,other.end_line,other.end_column,other.replacements,)
     return NotImplemented
    return __eq__


def _m8():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.code,self.link,self.detail,) == (other.code,other.link,other.detail,)
     return NotImplemented
    return __eq__


def _m9():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.code,self.name,self.count,self.safe_fixes,self.unsafe_fixes,) == (other.code,other.name,other.count,other.safe_fixes,other.unsafe_fixes,)
     return NotImplemented
    return __eq__


def _m10():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.code,self.name,self.severity,self.summary,self.rationale,self.example,self.fix,self.check,self.formats,self.enabled,self.fix_availability,self.since,self.targets,self.fix_formats,) == (other.code,other.name,other.severity,other.summary,other.rationale,other.example,other.fix,other.check,other.formats,other.enabled,other.fix_availability,other.since,other.targets,other.fix_formats,)
     return NotImplemented
    return __eq__


def _m11():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.code,self.severity,self.message,self.span,self.related,self.fix,self.help,) == (other.code,other.severity,other.message,other.span,other.related,other.fix,other.help,)
     return NotImplemented
    return __eq__


def _m12():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.code,self.span,self.lines,self.file_wide,self.rules,self.removal,self.used,) == (other.code,other.span,other.lines,other.file_wide,other.rules,other.removal,other.used,)
     return NotImplemented
    return __eq__


def _m13():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.context,) == (other.context,)
     return NotImplemented
    return __eq__


def _m14():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.covered,self.at,) == (other.covered,other.at,)
     return NotImplemented
    return __eq__


def _m15():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.debounce,self.select,self.ignore,self.target,self.inlay_hints,self.problems,) == (other.debounce,other.select,other.ignore,other.target,other.inlay_hints,other.problems,)
     return NotImplemented
    return __eq__


def _m16():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.description,self.edits,self.safe,) == (other.description,other.edits,other.safe,)
     return NotImplemented
    return __eq__


def _m17():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.digest,self.workflow,self.problem,self.reads,) == (other.digest,other.workflow,other.problem,other.reads,)
     return NotImplemented
    return __eq__


def _m18():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.dippin_passes,self.dippin_failures,self.dippin_path,self.dippin_status,self.where,self.why,) == (other.dippin_passes,other.dippin_failures,other.dippin_path,other.dippin_status,other.where,other.why,)
     return NotImplemented
    return __eq__


def _m19():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.edge,self.reason,self.rejected,self.tiebreak,self.error,) == (other.edge,other.reason,other.rejected,other.tiebreak,other.error,)
     return NotImplemented
    return __eq__


def _m20():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.edge,self.test,) == (other.edge,other.test,)
     return NotImplemented
    return __eq__


def _m21():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.edge,self.why,) == (other.edge,other.why,)
     return NotImplemented
    return __eq__


def _m22():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.edges,self.redirects,self.visited,self.failed,self.title,) == (other.edges,other.redirects,other.visited,other.failed,other.title,)
     return NotImplemented
    return __eq__


def _m23():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.entries,self.problems,self.malformed,) == (other.entries,other.problems,other.malformed,)
     return NotImplemented
    return __eq__


def _m24():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.expand,self.direction,) == (other.expand,other.direction,)
     return NotImplemented
    return __eq__


def _m25():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.expr,self.error,self.error_start,self.error_end,) == (other.expr,other.error,other.error_start,other.error_end,)
     return NotImplemented
    return __eq__


def _m26():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.expr,self.start,self.end,) == (other.expr,other.start,other.end,)
     return NotImplemented
    return __eq__


def _m27():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.fd,self.op,self.target,) == (other.fd,other.op,other.target,)
     return NotImplemented
    return __eq__


def _m28():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.field,self.type,self.doc,self.handlers,) == (other.field,other.type,other.doc,other.handlers,)
     return NotImplemented
    return __eq__


def _m29():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.fill,self.color,self.font,self.width,self.line,) == (other.fill,other.color,other.font,other.width,other.line,)
     return NotImplemented
    return __eq__


def _m30():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.form,self.name,self.field,self.start,self.end,self.name_start,self.outer_start,self.outer_end,self.problem,) == (other.form,other.name,other.field,other.start,other.end,other.name_start,other.outer_start,other.outer_end,other.problem,)
     return NotImplemented
    return __eq__


def _m31():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.group,self.severity,self.why,) == (other.group,other.severity,other.why,)
     return NotImplemented
    return __eq__


def _m32():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.groups,self.raw_blocks,self.problems,self.ignored,self.over_limit,self.count,) == (other.groups,other.raw_blocks,other.problems,other.ignored,other.over_limit,other.count,)
     return NotImplemented
    return __eq__


def _m33():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.id,self.id_span,self.span,self.attrs,self.declared,self.classes,) == (other.id,other.id_span,other.span,other.attrs,other.declared,other.classes,)
     return NotImplemented
    return __eq__


def _m34():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.id,self.kind,self.handler,self.fields,self.branches,self.join,self.line,) == (other.id,other.kind,other.handler,other.fields,other.branches,other.join,other.line,)
     return NotImplemented
    return __eq__


def _m35():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.id,self.kind,self.id_span,self.kind_span,self.span,self.fields,self.members,self.branches,self.handler,) == (other.id,other.kind,other.id_span,other.kind_span,other.span,other.fields,other.members,other.branches,other.handler,)
     return NotImplemented
    return __eq__


def _m36():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.inner,self.start,self.end,) == (other.inner,other.start,other.end,)
     return NotImplemented
    return __eq__


def _m37():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.key,self.key_span,self.value,self.span,) == (other.key,other.key_span,other.value,other.span,)
     return NotImplemented
    return __eq__


def _m38():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.key,self.key_span,self.value,self.value_span,self.quoted,self.token_type,self.inherited,) == (other.key,other.key_span,other.value,other.value_span,other.quoted,other.token_type,other.inherited,)
     return NotImplemented
    return __eq__


def _m39():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.key,self.key_span,self.value,self.value_span,self.span,self.block,self.quoted,self.children,self.included,) == (other.key,other.key_span,other.value,other.value_span,other.span,other.block,other.quoted,other.children,other.included,)
     return NotImplemented
    return __eq__


def _m40():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.key,self.label,self.handler,self.look,self.tooltip,self.cluster,self.note,) == (other.key,other.label,other.handler,other.look,other.tooltip,other.cluster,other.note,)
     return NotImplemented
    return __eq__


def _m41():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.key,self.label,self.parent,self.look,self.tooltip,) == (other.key,other.label,other.parent,other.look,other.tooltip,)
     return NotImplemented
    return __eq__


def _m42():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.key,self.line,self.column,self.message,self.expected,self.actual,self.decision,self.side_by_side,) == (other.key,other.line,other.column,other.message,other.expected,other.actual,other.decision,other.side_by_side,)
     return NotImplemented
    return __eq__


def _m43():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.key,self.start,self.end,self.clause,) == (other.key,other.start,other.end,other.clause,)
     return NotImplemented
    return __eq__


def _m44():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.key,self.value,self.line,self.column,) == (other.key,other.value,other.line,other.column,)
     return NotImplemented
    return __eq__


def _m45():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.kind,self.key,self.span,self.owner,self.attribute,self.origin,self.node,self.node_span,self.explicit,self.namespace,) == (other.kind,other.key,other.span,other.owner,other.attribute,other.origin,other.node,other.node_span,other.explicit,other.namespace,)
     return NotImplemented
    return __eq__


def _m46():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.kind,self.name,self.span,self.role,self.owner,self.after,self.scope,self.detail,) == (other.kind,other.name,other.span,other.role,other.owner,other.after,other.scope,other.detail,)
     return NotImplemented
    return __eq__


def _m47():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.kind,self.node,self.label,self.line,self.column,self.hits,self.reached,self.key,) == (other.kind,other.node,other.label,other.line,other.column,other.hits,other.reached,other.key,)
     return NotImplemented
    return __eq__


def _m48():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.kind,self.subject,self.detail,self.line,) == (other.kind,other.subject,other.detail,other.line,)
     return NotImplemented
    return __eq__


def _m49():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.kind,self.what,self.subject,self.detail,self.old,self.new,self.old_line,self.new_line,) == (other.kind,other.what,other.subject,other.detail,other.old,other.new,other.old_line,other.new_line,)
     return NotImplemented
    return __eq__


def _m50():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.label,self.path,self.text,self.reader,) == (other.label,other.path,other.text,other.reader,)
     return NotImplemented
    return __eq__


def _m51():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.left,self.op,self.op_start,self.op_end,self.right,self.negated,self.start,self.end,) == (other.left,other.op,other.op_start,other.op_end,other.right,other.negated,other.start,other.end,)
     return NotImplemented
    return __eq__


def _m52():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.left,self.op,self.right,self.negated,) == (other.left,other.op,other.right,other.negated,)
     return NotImplemented
    return __eq__


def _m53():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.level,self.source,self.skipped,) == (other.level,other.source,other.skipped,)
     return NotImplemented
    return __eq__


def _m54():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.line,self.column,self.message,) == (other.line,other.column,other.message,)
     return NotImplemented
    return __eq__


def _m55():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.lines,self.start,self.trailing,) == (other.lines,other.start,other.trailing,)
     return NotImplemented
    return __eq__


def _m56():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.major,self.minor,) == (other.major,other.minor,)
     return NotImplemented
    return __eq__


def _m57():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.maps,) == (other.maps,)
     return NotImplemented
    return __eq__


def _m58():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.matches,self.fallback,self.unbalanced,) == (other.matches,other.fallback,other.unbalanced,)
     return NotImplemented
    return __eq__


def _m59():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.max_parallel,self.outcomes,) == (other.max_parallel,other.outcomes,)
     return NotImplemented
    return __eq__


def _m60():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.message,self.start,self.end,) == (other.message,other.start,other.end,)
     return NotImplemented
    return __eq__


def _m61():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.name,self.description,self.models,self.aliases,self.open,self.families,self.deprecated,self.extra,) == (other.name,other.description,other.models,other.aliases,other.open,other.families,other.deprecated,other.extra,)
     return NotImplemented
    return __eq__


def _m62():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.name,self.format,self.settings,self.presentation,self.nodes,self.edges,self.setting_lines,) == (other.name,other.format,other.settings,other.presentation,other.nodes,other.edges,other.setting_lines,)
     return NotImplemented
    return __eq__


def _m63():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.name,self.kind,self.values,self.span,) == (other.name,other.kind,other.values,other.span,)
     return NotImplemented
    return __eq__


def _m64():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.name,self.line,self.column,self.expectations,self.scenario,self.dippin,self.notes,self.plan,) == (other.name,other.line,other.column,other.expectations,other.scenario,other.dippin,other.notes,other.plan,)
     return NotImplemented
    return __eq__


def _m65():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.name,self.start,self.end,) == (other.name,other.start,other.end,)
     return NotImplemented
    return __eq__


def _m66():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.name,self.title,self.direction,self.boxes,self.arrows,self.clusters,self.looks,self.graph_attrs,self.edge_font_size,self.edge_font_color,) == (other.name,other.title,other.direction,other.boxes,other.arrows,other.clusters,other.looks,other.graph_attrs,other.edge_font_size,other.edge_font_color,)
     return NotImplemented
    return __eq__


def _m67():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.name,self.type,self.attrs,self.span,) == (other.name,other.type,other.attrs,other.span,)
     return NotImplemented
    return __eq__


def _m68():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.new,self.old,) == (other.new,other.old,)
     return NotImplemented
    return __eq__


def _m69():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.node,self.branches,self.join,) == (other.node,other.branches,other.join,)
     return NotImplemented
    return __eq__


def _m70():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.node,self.ctx,self.completed,self.outcomes,self.retries,self.visits,self.restarts,self.fallback_taken,self.gate_fallback,self.gate_recheck,self.covered,self.overridden,self.steps,) == (other.node,other.ctx,other.completed,other.outcomes,other.retries,other.visits,other.restarts,other.fallback_taken,other.gate_fallback,other.gate_recheck,other.covered,other.overridden,other.steps,)
     return NotImplemented
    return __eq__


def _m71():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.node,self.handler,self.outcome,self.attempt,self.edge,self.writes,self.notes,self.within,self.depth,self.text,self.model_node,) == (other.node,other.handler,other.outcome,other.attempt,other.edge,other.writes,other.notes,other.within,other.depth,other.text,other.model_node,)
     return NotImplemented
    return __eq__


def _m72():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.node,self.key,self.item,) == (other.node,other.key,other.item,)
     return NotImplemented
    return __eq__


def _m73():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.node,self.rule,self.target,self.why,self.outcome,self.index,) == (other.node,other.rule,other.target,other.why,other.outcome,other.index,)
     return NotImplemented
    return __eq__


def _m74():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.node,self.text,self.masked,) == (other.node,other.text,other.masked,)
     return NotImplemented
    return __eq__


def _m75():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.node_defaults,self.edge_defaults,self.created,self.label,) == (other.node_defaults,other.edge_defaults,other.created,other.label,)
     return NotImplemented
    return __eq__


def _m76():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.nodes,self.edges,self.rest,) == (other.nodes,other.edges,other.rest,)
     return NotImplemented
    return __eq__


def _m77():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.nodes,self.skipped,self.cleared,) == (other.nodes,other.skipped,other.cleared,)
     return NotImplemented
    return __eq__


def _m78():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.nodes,self.work,) == (other.nodes,other.work,)
     return NotImplemented
    return __eq__


def _m79():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.number,self.indent,self.text,) == (other.number,other.indent,other.text,)
     return NotImplemented
    return __eq__


def _m80():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.old,self.new,self.changes,self.effects,) == (other.old,other.new,other.changes,other.effects,)
     return NotImplemented
    return __eq__


def _m81():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.op,self.items,self.start,self.end,self.symbols,) == (other.op,other.items,other.start,other.end,other.symbols,)
     return NotImplemented
    return __eq__


def _m82():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.open_start,self.open_end,self.body_start,self.body_end,self.close_start,self.close_end,self.info,) == (other.open_start,other.open_end,other.body_start,other.body_end,other.close_start,other.close_end,other.info,)
     return NotImplemented
    return __eq__


def _m83():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.outcome,self.label,self.text,self.stdout,self.stderr,self.exit_code,self.writes,self.cycles,self.marker,self.why,) == (other.outcome,other.label,other.text,other.stdout,other.stderr,other.exit_code,other.writes,other.cycles,other.marker,other.why,)
     return NotImplemented
    return __eq__


def _m84():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.own,self.foreign,) == (other.own,other.foreign,)
     return NotImplemented
    return __eq__


def _m85():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.pace,self.start,self.end,self.what,) == (other.pace,other.start,other.end,other.what,)
     return NotImplemented
    return __eq__


def _m86():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.pairs,self.branch,) == (other.pairs,other.branch,)
     return NotImplemented
    return __eq__


def _m87():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.pairs,self.removed,self.added,) == (other.pairs,other.removed,other.added,)
     return NotImplemented
    return __eq__


def _m88():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.parallel,self.branches,self.join,self.lossy,self.policy,) == (other.parallel,other.branches,other.join,other.lossy,other.policy,)
     return NotImplemented
    return __eq__


def _m89():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.parents,self.provided,self.read_above,self.child_hint,self.bound,) == (other.parents,other.provided,other.read_above,other.child_hint,other.bound,)
     return NotImplemented
    return __eq__


def _m90():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.context,self.nodes,self.max_steps,) == (other.path,other.context,other.nodes,other.max_steps,)
     return NotImplemented
    return __eq__


def _m91():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.graph,self.machine,self.scenario,self.config,self.diagnostics,) == (other.path,other.graph,other.machine,other.scenario,other.config,other.diagnostics,)
     return NotImplemented
    return __eq__


def _m92():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.kind,self.tree,self.items,self.workflow,self.warnings,) == (other.path,other.kind,other.tree,other.items,other.workflow,other.warnings,)
     return NotImplemented
    return __eq__


def _m93():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.kind,self.workflow,self.results,self.error,self.warnings,self.prepared,) == (other.path,other.kind,other.workflow,other.results,other.error,other.warnings,other.prepared,)
     return NotImplemented
    return __eq__


def _m94():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.kind,self.workflow,self.tests,self.warnings,) == (other.path,other.kind,other.workflow,other.tests,other.warnings,)
     return NotImplemented
    return __eq__


def _m95():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.original,self.text,self.result,self.applied,self.rejected,self.breaks,self.passes,self.converged,self.named,) == (other.path,other.original,other.text,other.result,other.applied,other.rejected,other.breaks,other.passes,other.converged,other.named,)
     return NotImplemented
    return __eq__


def _m96():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.plan,self.diagnostics,self.warnings,) == (other.path,other.plan,other.diagnostics,other.warnings,)
     return NotImplemented
    return __eq__


def _m97():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.source,self.workflow,self.diagnostics,self.dependencies,self.not_a_workflow,) == (other.path,other.source,other.workflow,other.diagnostics,other.dependencies,other.not_a_workflow,)
     return NotImplemented
    return __eq__


def _m98():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.status,self.message,self.decisions,) == (other.path,other.status,other.message,other.decisions,)
     return NotImplemented
    return __eq__


def _m99():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.path,self.workflow,self.node,) == (other.path,other.workflow,other.node,)
     return NotImplemented
    return __eq__


def _m100():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.paths,self.states,self.truncated,self.halted,self.capped,self.taken_edges,self.stuck,self.routed,self.gate_checks,self.restart_edges,self.succeeded,self.exhausted_restarts,self.fewest_restarts,) == (other.paths,other.states,other.truncated,other.halted,other.capped,other.taken_edges,other.stuck,other.routed,other.gate_checks,other.restart_edges,other.succeeded,other.exhausted_restarts,other.fewest_restarts,)
     return NotImplemented
    return __eq__


def _m101():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.plan_map,self.tdd,self.plan_map_max,) == (other.plan_map,other.tdd,other.plan_map_max,)
     return NotImplemented
    return __eq__


def _m102():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.problems,self.lines,) == (other.problems,other.lines,)
     return NotImplemented
    return __eq__


def _m103():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.provider,self.family,self.selector,self.model,self.problem,) == (other.provider,other.family,other.selector,other.model,other.problem,)
     return NotImplemented
    return __eq__


def _m104():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.providers,) == (other.providers,)
     return NotImplemented
    return __eq__


def _m105():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.raw,self.text,self.span,self.expr,self.error,self.error_start,self.error_end,self.shorthand,) == (other.raw,other.text,other.span,other.expr,other.error,other.error_start,other.error_end,other.shorthand,)
     return NotImplemented
    return __eq__


def _m106():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.ref,self.key,self.after,self.where,) == (other.ref,other.key,other.after,other.where,)
     return NotImplemented
    return __eq__


def _m107():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.ref,self.key,self.edge,self.loop,self.writers,self.sometimes,) == (other.ref,other.key,other.edge,other.loop,other.writers,other.sometimes,)
     return NotImplemented
    return __eq__


def _m108():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.ref,self.path,self.workflow,self.problem,self.missing,self.special,self.outside,) == (other.ref,other.path,other.workflow,other.problem,other.missing,other.special,other.outside,)
     return NotImplemented
    return __eq__


def _m109():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.route,self.edge,self.target,self.origin,self.rest,) == (other.route,other.edge,other.target,other.origin,other.rest,)
     return NotImplemented
    return __eq__


def _m110():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.section,self.match,self.message,self.codes,self.reason,) == (other.section,other.match,other.message,other.codes,other.reason,)
     return NotImplemented
    return __eq__


def _m111():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.select,self.extend_select,self.ignore,self.per_file_ignores,self.exclude,self.include,self.severity,self.fail_on,self.target,self.dialects,self.extra_models,self.ordewell_runners,self.format_exclude,self.path,self.root,) == (other.select,other.extend_select,other.ignore,other.per_file_ignores,other.exclude,other.include,other.severity,other.fail_on,other.target,other.dialects,other.extra_models,other.ordewell_runners,other.format_exclude,other.path,other.root,)
     return NotImplemented
    return __eq__


def _m112():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.selection,self.rejected,self.reason,self.why,) == (other.selection,other.rejected,other.reason,other.why,)
     return NotImplemented
    return __eq__


def _m113():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.selectors,self.properties,self.problems,) == (other.selectors,other.properties,other.problems,)
     return NotImplemented
    return __eq__


def _m114():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.source,self.error,) == (other.source,other.error,)
     return NotImplemented
    return __eq__


def _m115():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.source,self.format,self.name,self.decl_span,self.version,self.header,self.defaults,self.vars,self.inputs,self.nodes,self.edges,self.else_target,self.else_span,self.stylesheet,self.references,self.sources,self.dialect,self.selectors,self.mentions,self.plan,self.ends,) == (other.source,other.format,other.name,other.decl_span,other.version,other.header,other.defaults,other.vars,other.inputs,other.nodes,other.edges,other.else_target,other.else_span,other.stylesheet,other.references,other.sources,other.dialect,other.selectors,other.mentions,other.plan,other.ends,)
     return NotImplemented
    return __eq__


def _m116():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.source,self.target,self.condition,self.key,self.label,self.choice,self.weight,self.back,self.override,self.implicit,self.line,) == (other.source,other.target,other.condition,other.key,other.label,other.choice,other.weight,other.back,other.override,other.implicit,other.line,)
     return NotImplemented
    return __eq__


def _m117():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.source,self.target,self.label,self.look,self.tooltip,self.constraint,) == (other.source,other.target,other.label,other.look,other.tooltip,other.constraint,)
     return NotImplemented
    return __eq__


def _m118():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.source,self.target,self.reason,self.why,self.edge,self.rejected,self.restart,self.override,self.restart_why,) == (other.source,other.target,other.reason,other.why,other.edge,other.rejected,other.restart,other.override,other.restart_why,)
     return NotImplemented
    return __eq__


def _m119():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.source,self.target,self.span,self.attrs,) == (other.source,other.target,other.span,other.attrs,)
     return NotImplemented
    return __eq__


def _m120():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.source,self.target,self.span,self.condition,self.attrs,self.implicit,) == (other.source,other.target,other.span,other.condition,other.attrs,other.implicit,)
     return NotImplemented
    return __eq__


def _m121():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.span,self.directive,self.problems,self.kind,self.rewrite,self.lines,self.file_wide,self.removal,) == (other.span,other.directive,other.problems,other.kind,other.rewrite,other.lines,other.file_wide,other.removal,)
     return NotImplemented
    return __eq__


def _m122():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.span,self.message,) == (other.span,other.message,)
     return NotImplemented
    return __eq__


def _m123():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.span,self.message,self.code,self.severity,) == (other.span,other.message,other.code,other.severity,)
     return NotImplemented
    return __eq__


def _m124():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.span,self.text,) == (other.span,other.text,)
     return NotImplemented
    return __eq__


def _m125():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.stamp,self.included,self.symbols,) == (other.stamp,other.included,other.symbols,)
     return NotImplemented
    return __eq__


def _m126():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.start,self.end,self.message,) == (other.start,other.end,other.message,)
     return NotImplemented
    return __eq__


def _m127():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.start,self.end,self.type,self.modifiers,self.priority,) == (other.start,other.end,other.type,other.modifiers,other.priority,)
     return NotImplemented
    return __eq__


def _m128():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.start,self.end,self.what,) == (other.start,other.end,other.what,)
     return NotImplemented
    return __eq__


def _m129():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.statement,self.pattern,) == (other.statement,other.pattern,)
     return NotImplemented
    return __eq__


def _m130():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.status,self.message,self.node,self.error,self.cause,self.rejected,) == (other.status,other.message,other.node,other.error,other.cause,other.rejected,)
     return NotImplemented
    return __eq__


def _m131():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.status,self.updates,self.preferred,self.suggested,self.error,self.limit,self.notes,self.nested,self.override_ok,self.child_overridden,) == (other.status,other.updates,other.preferred,other.suggested,other.error,other.limit,other.notes,other.nested,other.override_ok,other.child_overridden,)
     return NotImplemented
    return __eq__


def _m132():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.steps,self.end,) == (other.steps,other.end,)
     return NotImplemented
    return __eq__


def _m133():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.steps,self.end,self.ctx,self.top,self.flat,) == (other.steps,other.end,other.ctx,other.top,other.flat,)
     return NotImplemented
    return __eq__


def _m134():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.steps,self.nodes,self.key,self.reader,self.steps_run,self.productions,self.producers,) == (other.steps,other.nodes,other.key,other.reader,other.steps_run,other.productions,other.producers,)
     return NotImplemented
    return __eq__


def _m135():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.steps,self.state,self.end,self.taken,self.label,self.gates,) == (other.steps,other.state,other.end,other.taken,other.label,other.gates,)
     return NotImplemented
    return __eq__


def _m136():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.structure,self.content,self.line,) == (other.structure,other.content,other.line,)
     return NotImplemented
    return __eq__


def _m137():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.suggestions,self.unreached,self.taken,self.untried,self.max_seconds,) == (other.suggestions,other.unreached,other.taken,other.untried,other.max_seconds,)
     return NotImplemented
    return __eq__


def _m138():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.target,self.fields,self.span,) == (other.target,other.fields,other.span,)
     return NotImplemented
    return __eq__


def _m139():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.task,self.start,self.end,self.how,) == (other.task,other.start,other.end,other.how,)
     return NotImplemented
    return __eq__


def _m140():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.task,self.wave,self.receives,self.without_output,self.indirect_mask,) == (other.task,other.wave,other.receives,other.without_output,other.indirect_mask,)
     return NotImplemented
    return __eq__


def _m141():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.text,self.content,) == (other.text,other.content,)
     return NotImplemented
    return __eq__


def _m142():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.text,self.negations,self.left,self.op,self.right_raw,) == (other.text,other.negations,other.left,other.op,other.right_raw,)
     return NotImplemented
    return __eq__


def _m143():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.text,self.notes,) == (other.text,other.notes,)
     return NotImplemented
    return __eq__


def _m144():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.text,self.parts,) == (other.text,other.parts,)
     return NotImplemented
    return __eq__


def _m145():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.text,self.start,self.end,) == (other.text,other.start,other.end,)
     return NotImplemented
    return __eq__


def _m146():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.text,self.start,self.end,self.quoted,) == (other.text,other.start,other.end,other.quoted,)
     return NotImplemented
    return __eq__


def _m147():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.text,self.start,self.end,self.value,self.expands,) == (other.text,other.start,other.end,other.value,other.expands,)
     return NotImplemented
    return __eq__


def _m148():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.text,self.target,self.path,self.notes,self.parity,self.converted,) == (other.text,other.target,other.path,other.notes,other.parity,other.converted,)
     return NotImplemented
    return __eq__


def _m149():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.tokens,self.strings,self.problems,self.comments,self.over_limit,self.count,self.marked,) == (other.tokens,other.strings,other.problems,other.comments,other.over_limit,other.count,other.marked,)
     return NotImplemented
    return __eq__


def _m150():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.type,self.doc,) == (other.type,other.doc,)
     return NotImplemented
    return __eq__


def _m151():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.uri,self.version,self.generation,self.text,self.path,self.fmt,self.config,self.open_texts,self.root,self.encoding,self.quick,self.line_starts,) == (other.uri,other.version,other.generation,other.text,other.path,other.fmt,other.config,other.open_texts,other.root,other.encoding,other.quick,other.line_starts,)
     return NotImplemented
    return __eq__


def _m152():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.value,self.source,self.segments,) == (other.value,other.source,other.segments,)
     return NotImplemented
    return __eq__


def _m153():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.value,self.span,) == (other.value,other.span,)
     return NotImplemented
    return __eq__


def _m154():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.variable,self.op,self.values,self.negated,self.compare,) == (other.variable,other.op,other.values,other.negated,other.compare,)
     return NotImplemented
    return __eq__


def _m155():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.waves,self.completed,self.failed,self.all_complete,) == (other.waves,other.completed,other.failed,other.all_complete,)
     return NotImplemented
    return __eq__


def _m156():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.waves,self.user_waves,self.starts,self.completed,self.failed,self.blocked,self.on_hold,self.not_run,self.stopped_by_failure,self.all_complete,self.refused,) == (other.waves,other.user_waves,other.starts,other.completed,other.failed,other.blocked,other.on_hold,other.not_run,other.stopped_by_failure,other.all_complete,other.refused,)
     return NotImplemented
    return __eq__


def _m157():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.what,self.node,self.fields,self.branch,) == (other.what,other.node,other.fields,other.branch,)
     return NotImplemented
    return __eq__


def _m158():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.words,self.redirects,self.start,self.end,self.certain,self.piped,) == (other.words,other.redirects,other.start,other.end,other.certain,other.piped,)
     return NotImplemented
    return __eq__


def _m159():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.workflow,self.diagnostics,) == (other.workflow,other.diagnostics,)
     return NotImplemented
    return __eq__


def _m160():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.workflow,self.items,self.visits,) == (other.workflow,other.items,other.visits,)
     return NotImplemented
    return __eq__


def _m161():
    def __eq__(self, other):
     if other.__class__ is self.__class__:
      return (self.workflow,self.shape,self.fires,self.complete,self.succeeds,self.findings,self.edge_ids,self.proven_dead,) == (other.workflow,other.shape,other.fires,other.complete,other.succeeds,other.findings,other.edge_ids,other.proven_dead,)
     return NotImplemented
    return __eq__


def _m162():
    def __hash__(self):
     return hash((self.branches,self.join,))
    return __hash__


def _m163():
    def __hash__(self):
     return hash((self.chain,self.child,self.depth,))
    return __hash__


def _m164():
    def __hash__(self):
     return hash((self.code,self.level,self.message,self.line,self.column,self.end_line,self.end_column,self.replacements,))
    return __hash__


def _m165():
    def __hash__(self):
     return hash((self.code,self.link,self.detail,))
    return __hash__


def _m166():
    def __hash__(self):
     return hash((self.code,self.name,self.severity,self.summary,self.rationale,self.example,self.fix,self.check,self.formats,self.enabled,self.fix_availability,self.since,self.targets,self.fix_formats,))
    return __hash__


def _m167():
    def __hash__(self):
     return hash((self.code,self.severity,self.message,self.span,self.related,self.fix,self.help,))
    return __hash__


def _m168():
    def __hash__(self):
     return hash((self.description,self.edits,self.safe,))
    return __hash__


def _m169():
    def __hash__(self):
     return hash((self.digest,self.workflow,self.problem,self.reads,))
    return __hash__


def _m170():
    def __hash__(self):
     return hash((self.edge,self.reason,self.rejected,self.tiebreak,self.error,))
    return __hash__


def _m171():
    def __hash__(self):
     return hash((self.edge,self.why,))
    return __hash__


def _m172():
    def __hash__(self):
     return hash((self.expand,self.direction,))
    return __hash__


def _m173():
    def __hash__(self):
     return hash((self.expr,self.error,self.error_start,self.error_end,))
    return __hash__


def _m174():
    def __hash__(self):
     return hash((self.expr,self.start,self.end,))
    return __hash__


def _m175():
    def __hash__(self):
     return hash((self.fd,self.op,self.target,))
    return __hash__


def _m176():
    def __hash__(self):
     return hash((self.field,self.type,self.doc,self.handlers,))
    return __hash__


def _m177():
    def __hash__(self):
     return hash((self.fill,self.color,self.font,self.width,self.line,))
    return __hash__


def _m178():
    def __hash__(self):
     return hash((self.form,self.name,self.field,self.start,self.end,self.name_start,self.outer_start,self.outer_end,self.problem,))
    return __hash__


def _m179():
    def __hash__(self):
     return hash((self.group,self.severity,self.why,))
    return __hash__


def _m180():
    def __hash__(self):
     return hash((self.id,self.kind,self.handler,self.fields,self.branches,self.join,self.line,))
    return __hash__


def _m181():
    def __hash__(self):
     return hash((self.id,self.kind,self.id_span,self.kind_span,self.span,self.fields,self.members,self.branches,self.handler,))
    return __hash__


def _m182():
    def __hash__(self):
     return hash((self.inner,self.start,self.end,))
    return __hash__


def _m183():
    def __hash__(self):
     return hash((self.key,self.key_span,self.value,self.span,))
    return __hash__


def _m184():
    def __hash__(self):
     return hash((self.key,self.key_span,self.value,self.value_span,self.quoted,self.token_type,self.inherited,))
    return __hash__


def _m185():
    def __hash__(self):
     return hash((self.key,self.key_span,self.value,self.value_span,self.span,self.block,self.quoted,self.children,self.included,))
    return __hash__


def _m186():
    def __hash__(self):
     return hash((self.key,self.start,self.end,self.clause,))
    return __hash__


def _m187():
    def __hash__(self):
     return hash((self.key,self.value,self.line,self.column,))
    return __hash__


def _m188():
    def __hash__(self):
     return hash((self.kind,self.key,self.span,self.owner,self.attribute,self.origin,self.node,self.node_span,self.explicit,self.namespace,))
    return __hash__


def _m189():
    def __hash__(self):
     return hash((self.kind,self.name,self.span,self.role,self.owner,self.after,self.scope,self.detail,))
    return __hash__


def _m190():
    def __hash__(self):
     return hash((self.kind,self.subject,self.detail,self.line,))
    return __hash__


def _m191():
    def __hash__(self):
     return hash((self.kind,self.what,self.subject,self.detail,self.old,self.new,self.old_line,self.new_line,))
    return __hash__


def _m192():
    def __hash__(self):
     return hash((self.label,self.path,self.text,self.reader,))
    return __hash__


def _m193():
    def __hash__(self):
     return hash((self.left,self.op,self.op_start,self.op_end,self.right,self.negated,self.start,self.end,))
    return __hash__


def _m194():
    def __hash__(self):
     return hash((self.left,self.op,self.right,self.negated,))
    return __hash__


def _m195():
    def __hash__(self):
     return hash((self.level,self.source,self.skipped,))
    return __hash__


def _m196():
    def __hash__(self):
     return hash((self.line,self.column,self.message,))
    return __hash__


def _m197():
    def __hash__(self):
     return hash((self.lines,self.start,self.trailing,))
    return __hash__


def _m198():
    def __hash__(self):
     return hash((self.major,self.minor,))
    return __hash__


def _m199():
    def __hash__(self):
     return hash((self.maps,))
    return __hash__


def _m200():
    def __hash__(self):
     return hash((self.matches,self.fallback,self.unbalanced,))
    return __hash__


def _m201():
    def __hash__(self):
     return hash((self.max_parallel,self.outcomes,))
    return __hash__


def _m202():
    def __hash__(self):
     return hash((self.message,self.start,self.end,))
    return __hash__


def _m203():
    def __hash__(self):
     return hash((self.name,self.description,self.models,self.aliases,self.open,self.families,self.deprecated,self.extra,))
    return __hash__


def _m204():
    def __hash__(self):
     return hash((self.name,self.kind,self.values,self.span,))
    return __hash__


def _m205():
    def __hash__(self):
     return hash((self.name,self.start,self.end,))
    return __hash__


def _m206():
    def __hash__(self):
     return hash((self.name,self.type,self.attrs,self.span,))
    return __hash__


def _m207():
    def __hash__(self):
     return hash((self.new,self.old,))
    return __hash__


def _m208():
    def __hash__(self):
     return hash((self.node,self.branches,self.join,))
    return __hash__


def _m209():
    def __hash__(self):
     return hash((self.node,self.handler,self.outcome,self.attempt,self.edge,self.writes,self.notes,self.within,self.depth,self.text,self.model_node,))
    return __hash__


def _m210():
    def __hash__(self):
     return hash((self.node,self.key,self.item,))
    return __hash__


def _m211():
    def __hash__(self):
     return hash((self.node,self.rule,self.target,self.why,self.outcome,self.index,))
    return __hash__


def _m212():
    def __hash__(self):
     return hash((self.node,self.text,self.masked,))
    return __hash__


def _m213():
    def __hash__(self):
     return hash((self.nodes,self.skipped,self.cleared,))
    return __hash__


def _m214():
    def __hash__(self):
     return hash((self.number,self.indent,self.text,))
    return __hash__


def _m215():
    def __hash__(self):
     return hash((self.op,self.items,self.start,self.end,self.symbols,))
    return __hash__


def _m216():
    def __hash__(self):
     return hash((self.open_start,self.open_end,self.body_start,self.body_end,self.close_start,self.close_end,self.info,))
    return __hash__


def _m217():
    def __hash__(self):
     return hash((self.outcome,self.label,self.text,self.stdout,self.stderr,self.exit_code,self.writes,self.cycles,self.marker,self.why,))
    return __hash__


def _m218():
    def __hash__(self):
     return hash((self.pace,self.start,self.end,self.what,))
    return __hash__


def _m219():
    def __hash__(self):
     return hash((self.pairs,self.branch,))
    return __hash__


def _m220():
    def __hash__(self):
     return hash((self.pairs,self.removed,self.added,))
    return __hash__


def _m221():
    def __hash__(self):
     return hash((self.parallel,self.branches,self.join,self.lossy,self.policy,))
    return __hash__


def _m222():
    def __hash__(self):
     return hash((self.parents,self.provided,self.read_above,self.child_hint,self.bound,))
    return __hash__


def _m223():
    def __hash__(self):
     return hash((self.path,self.workflow,self.node,))
    return __hash__


def _m224():
    def __hash__(self):
     return hash((self.plan_map,self.tdd,self.plan_map_max,))
    return __hash__


def _m225():
    def __hash__(self):
     return hash((self.provider,self.family,self.selector,self.model,self.problem,))
    return __hash__


def _m226():
    def __hash__(self):
     return hash((self.providers,))
    return __hash__


def _m227():
    def __hash__(self):
     return hash((self.raw,self.text,self.span,self.expr,self.error,self.error_start,self.error_end,self.shorthand,))
    return __hash__


def _m228():
    def __hash__(self):
     return hash((self.ref,self.key,self.after,self.where,))
    return __hash__


def _m229():
    def __hash__(self):
     return hash((self.ref,self.key,self.edge,self.loop,self.writers,self.sometimes,))
    return __hash__


def _m230():
    def __hash__(self):
     return hash((self.ref,self.path,self.workflow,self.problem,self.missing,self.special,self.outside,))
    return __hash__


def _m231():
    def __hash__(self):
     return hash((self.route,self.edge,self.target,self.origin,self.rest,))
    return __hash__


def _m232():
    def __hash__(self):
     return hash((self.section,self.match,self.message,self.codes,self.reason,))
    return __hash__


def _m233():
    def __hash__(self):
     return hash((self.select,self.extend_select,self.ignore,self.per_file_ignores,self.exclude,self.include,self.severity,self.fail_on,self.target,self.dialects,self.extra_models,self.ordewell_runners,self.format_exclude,self.path,self.root,))
    return __hash__


def _m234():
    def __hash__(self):
     return hash((self.selection,self.rejected,self.reason,self.why,))
    return __hash__


def _m235():
    def __hash__(self):
     return hash((self.source,self.error,))
    return __hash__


def _m236():
    def __hash__(self):
     return hash((self.source,self.format,self.name,self.decl_span,self.version,self.header,self.defaults,self.vars,self.inputs,self.nodes,self.edges,self.else_target,self.else_span,self.stylesheet,self.references,self.sources,self.dialect,self.selectors,self.mentions,self.plan,self.ends,))
    return __hash__


def _m237():
    def __hash__(self):
     return hash((self.source,self.target,self.condition,self.key,self.label,self.choice,self.weight,self.back,self.override,self.implicit,self.line,))
    return __hash__


def _m238():
    def __hash__(self):
     return hash((self.source,self.target,self.reason,self.why,self.edge,self.rejected,self.restart,self.override,self.restart_why,))
    return __hash__


def _m239():
    def __hash__(self):
     return hash((self.source,self.target,self.span,self.condition,self.attrs,self.implicit,))
    return __hash__


def _m240():
    def __hash__(self):
     return hash((self.span,self.message,))
    return __hash__


def _m241():
    def __hash__(self):
     return hash((self.span,self.message,self.code,self.severity,))
    return __hash__


def _m242():
    def __hash__(self):
     return hash((self.span,self.text,))
    return __hash__


def _m243():
    def __hash__(self):
     return hash((self.stamp,self.included,self.symbols,))
    return __hash__


def _m244():
    def __hash__(self):
     return hash((self.start,self.end,self.message,))
    return __hash__


def _m245():
    def __hash__(self):
     return hash((self.start,self.end,self.type,self.modifiers,self.priority,))
    return __hash__


def _m246():
    def __hash__(self):
     return hash((self.start,self.end,self.what,))
    return __hash__


def _m247():
    def __hash__(self):
     return hash((self.statement,self.pattern,))
    return __hash__


def _m248():
    def __hash__(self):
     return hash((self.status,self.message,self.node,self.error,self.cause,self.rejected,))
    return __hash__


def _m249():
    def __hash__(self):
     return hash((self.steps,self.nodes,self.key,self.reader,self.steps_run,self.productions,self.producers,))
    return __hash__


def _m250():
    def __hash__(self):
     return hash((self.steps,self.state,self.end,self.taken,self.label,self.gates,))
    return __hash__


def _m251():
    def __hash__(self):
     return hash((self.target,self.fields,self.span,))
    return __hash__


def _m252():
    def __hash__(self):
     return hash((self.task,self.start,self.end,self.how,))
    return __hash__


def _m253():
    def __hash__(self):
     return hash((self.text,self.content,))
    return __hash__


def _m254():
    def __hash__(self):
     return hash((self.text,self.negations,self.left,self.op,self.right_raw,))
    return __hash__


def _m255():
    def __hash__(self):
     return hash((self.text,self.parts,))
    return __hash__


def _m256():
    def __hash__(self):
     return hash((self.text,self.start,self.end,))
    return __hash__


def _m257():
    def __hash__(self):
     return hash((self.text,self.start,self.end,self.quoted,))
    return __hash__


def _m258():
    def __hash__(self):
     return hash((self.text,self.start,self.end,self.value,self.expands,))
    return __hash__


def _m259():
    def __hash__(self):
     return hash((self.type,self.doc,))
    return __hash__


def _m260():
    def __hash__(self):
     return hash((self.uri,self.version,self.generation,self.text,self.path,self.fmt,self.config,self.open_texts,self.root,self.encoding,self.quick,self.line_starts,))
    return __hash__


def _m261():
    def __hash__(self):
     return hash((self.value,self.source,self.segments,))
    return __hash__


def _m262():
    def __hash__(self):
     return hash((self.value,self.span,))
    return __hash__


def _m263():
    def __hash__(self):
     return hash((self.variable,self.op,self.values,self.negated,self.compare,))
    return __hash__


def _m264():
    def __hash__(self):
     return hash((self.what,self.node,self.fields,self.branch,))
    return __hash__


def _m265():
    def __hash__(self):
     return hash((self.words,self.redirects,self.start,self.end,self.certain,self.piped,))
    return __hash__


def _m266(_FACTORY, _factory0, _factory1, _factory2, _factory3, _setattr):
    def __init__(self, before=_FACTORY, after=_FACTORY, head=_FACTORY, tail=_FACTORY):
     self.before = _factory0() if before is _FACTORY else before
     self.after = _factory1() if after is _FACTORY else after
     self.head = _factory2() if head is _FACTORY else head
     self.tail = _factory3() if tail is _FACTORY else tail
    return __init__


def _m267(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, branches, join):
     _set0(self, branches)
     _set1(self, join)
    return __init__


def _m268(_FACTORY, _default2, _setattr):
    def __init__(self, candidate, plan, crash=_default2):
     self.candidate = candidate
     self.plan = plan
     self.crash = crash
    return __init__


def _m269(_FACTORY, _default1, _default3, _default4, _default5, _factory2, _factory6, _setattr):
    def __init__(self, case, observed=_default1, failures=_FACTORY, disagreement=_default3, error=_default4, seconds=_default5, evaluations=_FACTORY):
     self.case = case
     self.observed = observed
     self.failures = _factory2() if failures is _FACTORY else failures
     self.disagreement = disagreement
     self.error = error
     self.seconds = seconds
     self.evaluations = _factory6() if evaluations is _FACTORY else evaluations
    return __init__


def _m270(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, chain, child, depth):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.chain = chain
      self.child = child
      self.depth = depth
      self.__class__ = _cls
     else:
      _set0(self, chain)
      _set1(self, child)
      _set2(self, depth)
    return __init__


def _m271(_FACTORY, _factory0, _factory1, _factory2, _setattr):
    def __init__(self, changes=_FACTORY, only_original=_FACTORY, only_converted=_FACTORY):
     self.changes = _factory0() if changes is _FACTORY else changes
     self.only_original = _factory1() if only_original is _FACTORY else only_original
     self.only_converted = _factory2() if only_converted is _FACTORY else only_converted
    return __init__


def _m272(_FACTORY, _default1, _factory0, _factory2, _setattr):
    def __init__(self, choice=_FACTORY, stdout_given=_default1, once=_FACTORY):
     self.choice = _factory0() if choice is _FACTORY else choice
     self.stdout_given = stdout_given
     self.once = _factory2() if once is _FACTORY else once
    return __init__


def _m273(_FACTORY, _cls, _default7, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, code, level, message, line, column, end_line, end_column, replacements=_default7):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.code = code
      self.level = level
      self.message = message
      self.line = line
      self.column = column
      self.end_line = end_line
      self.end_column = end_column
      self.replacements = replacements
      self.__class__ = _cls
     else:
      _set0(self, code)
      _set1(self, level)
      _set2(self, message)
      _set3(self, line)
      _set4(self, column)
      _set5(self, end_line)
      _set6(self, end_column)
      _set7(self, replacements)
    return __init__


def _m274(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, code, link, detail):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.code = code
      self.link = link
      self.detail = detail
      self.__class__ = _cls
     else:
      _set0(self, code)
      _set1(self, link)
      _set2(self, detail)
    return __init__


def _m275(_FACTORY, _setattr):
    def __init__(self, code, name, count, safe_fixes, unsafe_fixes):
     self.code = code
     self.name = name
     self.count = count
     self.safe_fixes = safe_fixes
     self.unsafe_fixes = unsafe_fixes
    return __init__


def _m276(_FACTORY, _cls, _default10, _default11, _default12, _default13, _default7, _default8, _default9, _set0, _set1, _set10, _set11, _set12, _set13, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set9, _set_class, _setattr, _twin):
    def __init__(self, code, name, severity, summary, rationale, example, fix, check=_default7, formats=_default8, enabled=_default9, fix_availability=_default10, since=_default11, targets=_default12, fix_formats=_default13):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.code = code
      self.name = name
      self.severity = severity
      self.summary = summary
      self.rationale = rationale
      self.example = example
      self.fix = fix
      self.check = check
      self.formats = formats
      self.enabled = enabled
      self.fix_availability = fix_availability
      self.since = since
      self.targets = targets
      self.fix_formats = fix_formats
      self.__class__ = _cls
     else:
      _set0(self, code)
      _set1(self, name)
      _set2(self, severity)
      _set3(self, summary)
      _set4(self, rationale)
      _set5(self, example)
      _set6(self, fix)
      _set7(self, check)
      _set8(self, formats)
      _set9(self, enabled)
      _set10(self, fix_availability)
      _set11(self, since)
      _set12(self, targets)
      _set13(self, fix_formats)
    return __init__


def _m277(_FACTORY, _cls, _default4, _default5, _default6, _default7, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, code, severity, message, span, related=_default4, fix=_default5, help=_default6, later=_default7):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.code = code
      self.severity = severity
      self.message = message
      self.span = span
      self.related = related
      self.fix = fix
      self.help = help
      self.later = later
      self.__class__ = _cls
     else:
      _set0(self, code)
      _set1(self, severity)
      _set2(self, message)
      _set3(self, span)
      _set4(self, related)
      _set5(self, fix)
      _set6(self, help)
      _set7(self, later)
     self.__post_init__()
    return __init__


def _m278(_FACTORY, _default6, _setattr):
    def __init__(self, code, span, lines, file_wide, rules, removal, used=_default6):
     self.code = code
     self.span = span
     self.lines = lines
     self.file_wide = file_wide
     self.rules = rules
     self.removal = removal
     self.used = used
    return __init__


def _m279(_FACTORY, _setattr):
    def __init__(self, context):
     self.context = context
    return __init__


def _m280(_FACTORY, _factory0, _factory1, _setattr):
    def __init__(self, covered=_FACTORY, at=_FACTORY):
     self.covered = _factory0() if covered is _FACTORY else covered
     self.at = _factory1() if at is _FACTORY else at
    return __init__


def _m281(_FACTORY, _default0, _default1, _default2, _default3, _default4, _factory5, _setattr):
    def __init__(self, debounce=_default0, select=_default1, ignore=_default2, target=_default3, inlay_hints=_default4, problems=_FACTORY):
     self.debounce = debounce
     self.select = select
     self.ignore = ignore
     self.target = target
     self.inlay_hints = inlay_hints
     self.problems = _factory5() if problems is _FACTORY else problems
    return __init__


def _m282(_FACTORY, _cls, _default2, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, description, edits, safe=_default2):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.description = description
      self.edits = edits
      self.safe = safe
      self.__class__ = _cls
     else:
      _set0(self, description)
      _set1(self, edits)
      _set2(self, safe)
    return __init__


def _m283(_FACTORY, _cls, _default3, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, digest, workflow, problem, reads=_default3):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.digest = digest
      self.workflow = workflow
      self.problem = problem
      self.reads = reads
      self.__class__ = _cls
     else:
      _set0(self, digest)
      _set1(self, workflow)
      _set2(self, problem)
      _set3(self, reads)
    return __init__


def _m284(_FACTORY, _setattr):
    def __init__(self, dippin_passes, dippin_failures, dippin_path, dippin_status, where, why):
     self.dippin_passes = dippin_passes
     self.dippin_failures = dippin_failures
     self.dippin_path = dippin_path
     self.dippin_status = dippin_status
     self.where = where
     self.why = why
    return __init__


def _m285(_FACTORY, _cls, _default2, _default3, _default4, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, edge, reason, rejected=_default2, tiebreak=_default3, error=_default4):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.edge = edge
      self.reason = reason
      self.rejected = rejected
      self.tiebreak = tiebreak
      self.error = error
      self.__class__ = _cls
     else:
      _set0(self, edge)
      _set1(self, reason)
      _set2(self, rejected)
      _set3(self, tiebreak)
      _set4(self, error)
    return __init__


def _m286(_FACTORY, _setattr):
    def __init__(self, edge, test):
     self.edge = edge
     self.test = test
    return __init__


def _m287(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, edge, why):
     _set0(self, edge)
     _set1(self, why)
    return __init__


def _m288(_FACTORY, _default3, _default4, _factory0, _factory1, _factory2, _setattr):
    def __init__(self, edges=_FACTORY, redirects=_FACTORY, visited=_FACTORY, failed=_default3, title=_default4):
     self.edges = _factory0() if edges is _FACTORY else edges
     self.redirects = _factory1() if redirects is _FACTORY else redirects
     self.visited = _factory2() if visited is _FACTORY else visited
     self.failed = failed
     self.title = title
    return __init__


def _m289(_FACTORY, _factory0, _factory1, _factory2, _setattr):
    def __init__(self, entries=_FACTORY, problems=_FACTORY, malformed=_FACTORY):
     self.entries = _factory0() if entries is _FACTORY else entries
     self.problems = _factory1() if problems is _FACTORY else problems
     self.malformed = _factory2() if malformed is _FACTORY else malformed
    return __init__


def _m290(_FACTORY, _default0, _default1, _set0, _set1, _setattr):
    def __init__(self, expand=_default0, direction=_default1):
     _set0(self, expand)
     _set1(self, direction)
    return __init__


def _m291(_FACTORY, _cls, _default1, _default2, _default3, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, expr, error=_default1, error_start=_default2, error_end=_default3):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.expr = expr
      self.error = error
      self.error_start = error_start
      self.error_end = error_end
      self.__class__ = _cls
     else:
      _set0(self, expr)
      _set1(self, error)
      _set2(self, error_start)
      _set3(self, error_end)
    return __init__


def _m292(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, expr, start, end):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.expr = expr
      self.start = start
      self.end = end
      self.__class__ = _cls
     else:
      _set0(self, expr)
      _set1(self, start)
      _set2(self, end)
    return __init__


def _m293(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, fd, op, target):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.fd = fd
      self.op = op
      self.target = target
      self.__class__ = _cls
     else:
      _set0(self, fd)
      _set1(self, op)
      _set2(self, target)
    return __init__


def _m294(_FACTORY, _cls, _default3, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, field, type, doc, handlers=_default3):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.field = field
      self.type = type
      self.doc = doc
      self.handlers = handlers
      self.__class__ = _cls
     else:
      _set0(self, field)
      _set1(self, type)
      _set2(self, doc)
      _set3(self, handlers)
    return __init__


def _m295(_FACTORY, _cls, _default0, _default1, _default2, _default3, _default4, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, fill=_default0, color=_default1, font=_default2, width=_default3, line=_default4):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.fill = fill
      self.color = color
      self.font = font
      self.width = width
      self.line = line
      self.__class__ = _cls
     else:
      _set0(self, fill)
      _set1(self, color)
      _set2(self, font)
      _set3(self, width)
      _set4(self, line)
    return __init__


def _m296(_FACTORY, _cls, _default8, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set_class, _setattr, _twin):
    def __init__(self, form, name, field, start, end, name_start, outer_start, outer_end, problem=_default8):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.form = form
      self.name = name
      self.field = field
      self.start = start
      self.end = end
      self.name_start = name_start
      self.outer_start = outer_start
      self.outer_end = outer_end
      self.problem = problem
      self.__class__ = _cls
     else:
      _set0(self, form)
      _set1(self, name)
      _set2(self, field)
      _set3(self, start)
      _set4(self, end)
      _set5(self, name_start)
      _set6(self, outer_start)
      _set7(self, outer_end)
      _set8(self, problem)
    return __init__


def _m297(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, group, severity, why):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.group = group
      self.severity = severity
      self.why = why
      self.__class__ = _cls
     else:
      _set0(self, group)
      _set1(self, severity)
      _set2(self, why)
    return __init__


def _m298(_FACTORY, _default4, _default5, _factory2, _factory3, _setattr):
    def __init__(self, groups, raw_blocks, problems=_FACTORY, ignored=_FACTORY, over_limit=_default4, count=_default5):
     self.groups = groups
     self.raw_blocks = raw_blocks
     self.problems = _factory2() if problems is _FACTORY else problems
     self.ignored = _factory3() if ignored is _FACTORY else ignored
     self.over_limit = over_limit
     self.count = count
    return __init__


def _m299(_FACTORY, _default4, _factory3, _factory5, _setattr):
    def __init__(self, id, id_span, span, attrs=_FACTORY, declared=_default4, classes=_FACTORY):
     self.id = id
     self.id_span = id_span
     self.span = span
     self.attrs = _factory3() if attrs is _FACTORY else attrs
     self.declared = declared
     self.classes = _factory5() if classes is _FACTORY else classes
    return __init__


def _m300(_FACTORY, _cls, _default4, _default5, _default6, _factory7, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, id, kind, handler, fields, branches=_default4, join=_default5, line=_default6, lines=_FACTORY):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.id = id
      self.kind = kind
      self.handler = handler
      self.fields = fields
      self.branches = branches
      self.join = join
      self.line = line
      self.lines = _factory7() if lines is _FACTORY else lines
      self.__class__ = _cls
     else:
      _set0(self, id)
      _set1(self, kind)
      _set2(self, handler)
      _set3(self, fields)
      _set4(self, branches)
      _set5(self, join)
      _set6(self, line)
      _set7(self, _factory7() if lines is _FACTORY else lines)
    return __init__


def _m301(_FACTORY, _cls, _default5, _default6, _default7, _default8, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set_class, _setattr, _twin):
    def __init__(self, id, kind, id_span, kind_span, span, fields=_default5, members=_default6, branches=_default7, handler=_default8):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.id = id
      self.kind = kind
      self.id_span = id_span
      self.kind_span = kind_span
      self.span = span
      self.fields = fields
      self.members = members
      self.branches = branches
      self.handler = handler
      self.__class__ = _cls
     else:
      _set0(self, id)
      _set1(self, kind)
      _set2(self, id_span)
      _set3(self, kind_span)
      _set4(self, span)
      _set5(self, fields)
      _set6(self, members)
      _set7(self, branches)
      _set8(self, handler)
     self.__post_init__()
    return __init__


def _m302(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, inner, start, end):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.inner = inner
      self.start = start
      self.end = end
      self.__class__ = _cls
     else:
      _set0(self, inner)
      _set1(self, start)
      _set2(self, end)
    return __init__


def _m303(_FACTORY, _default4, _default5, _setattr):
    def __init__(self, items, flow, tag, start, end=_default4, size=_default5):
     self.items = items
     self.flow = flow
     self.tag = tag
     self.start = start
     self.end = end
     self.size = size
    return __init__


def _m304(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, key, key_span, value, span):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.key = key
      self.key_span = key_span
      self.value = value
      self.span = span
      self.__class__ = _cls
     else:
      _set0(self, key)
      _set1(self, key_span)
      _set2(self, value)
      _set3(self, span)
    return __init__


def _m305(_FACTORY, _cls, _default6, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set_class, _setattr, _twin):
    def __init__(self, key, key_span, value, value_span, quoted, token_type, inherited=_default6):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.key = key
      self.key_span = key_span
      self.value = value
      self.value_span = value_span
      self.quoted = quoted
      self.token_type = token_type
      self.inherited = inherited
      self.__class__ = _cls
     else:
      _set0(self, key)
      _set1(self, key_span)
      _set2(self, value)
      _set3(self, value_span)
      _set4(self, quoted)
      _set5(self, token_type)
      _set6(self, inherited)
    return __init__


def _m306(_FACTORY, _cls, _default5, _default6, _default7, _default8, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set_class, _setattr, _twin):
    def __init__(self, key, key_span, value, value_span, span, block=_default5, quoted=_default6, children=_default7, included=_default8):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.key = key
      self.key_span = key_span
      self.value = value
      self.value_span = value_span
      self.span = span
      self.block = block
      self.quoted = quoted
      self.children = children
      self.included = included
      self.__class__ = _cls
     else:
      _set0(self, key)
      _set1(self, key_span)
      _set2(self, value)
      _set3(self, value_span)
      _set4(self, span)
      _set5(self, block)
      _set6(self, quoted)
      _set7(self, children)
      _set8(self, included)
    return __init__


def _m307(_FACTORY, _default2, _default3, _default4, _default5, _default6, _setattr):
    def __init__(self, key, label, handler=_default2, look=_default3, tooltip=_default4, cluster=_default5, note=_default6):
     self.key = key
     self.label = label
     self.handler = handler
     self.look = look
     self.tooltip = tooltip
     self.cluster = cluster
     self.note = note
    return __init__


def _m308(_FACTORY, _default2, _default3, _default4, _setattr):
    def __init__(self, key, label, parent=_default2, look=_default3, tooltip=_default4):
     self.key = key
     self.label = label
     self.parent = parent
     self.look = look
     self.tooltip = tooltip
    return __init__


def _m309(_FACTORY, _default7, _factory6, _setattr):
    def __init__(self, key, line, column, message, expected, actual, decision=_FACTORY, side_by_side=_default7):
     self.key = key
     self.line = line
     self.column = column
     self.message = message
     self.expected = expected
     self.actual = actual
     self.decision = _factory6() if decision is _FACTORY else decision
     self.side_by_side = side_by_side
    return __init__


def _m310(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, key, start, end, clause):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.key = key
      self.start = start
      self.end = end
      self.clause = clause
      self.__class__ = _cls
     else:
      _set0(self, key)
      _set1(self, start)
      _set2(self, end)
      _set3(self, clause)
    return __init__


def _m311(_FACTORY, _setattr):
    def __init__(self, key, value):
     self.key = key
     self.value = value
    return __init__


def _m312(_FACTORY, _setattr):
    def __init__(self, key, value, line, column):
     _setattr(self, 'key', key)
     _setattr(self, 'value', value)
     _setattr(self, 'line', line)
     _setattr(self, 'column', column)
    return __init__


def _m313(_FACTORY, _cls, _default6, _default7, _default8, _default9, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set9, _set_class, _setattr, _twin):
    def __init__(self, kind, key, span, owner, attribute, origin, node=_default6, node_span=_default7, explicit=_default8, namespace=_default9):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.kind = kind
      self.key = key
      self.span = span
      self.owner = owner
      self.attribute = attribute
      self.origin = origin
      self.node = node
      self.node_span = node_span
      self.explicit = explicit
      self.namespace = namespace
      self.__class__ = _cls
     else:
      _set0(self, kind)
      _set1(self, key)
      _set2(self, span)
      _set3(self, owner)
      _set4(self, attribute)
      _set5(self, origin)
      _set6(self, node)
      _set7(self, node_span)
      _set8(self, explicit)
      _set9(self, namespace)
    return __init__


def _m314(_FACTORY, _cls, _default4, _default5, _default6, _default7, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, kind, name, span, role, owner=_default4, after=_default5, scope=_default6, detail=_default7):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.kind = kind
      self.name = name
      self.span = span
      self.role = role
      self.owner = owner
      self.after = after
      self.scope = scope
      self.detail = detail
      self.__class__ = _cls
     else:
      _set0(self, kind)
      _set1(self, name)
      _set2(self, span)
      _set3(self, role)
      _set4(self, owner)
      _set5(self, after)
      _set6(self, scope)
      _set7(self, detail)
    return __init__


def _m315(_FACTORY, _default5, _default6, _default7, _setattr):
    def __init__(self, kind, node, label, line, column, hits=_default5, reached=_default6, key=_default7):
     self.kind = kind
     self.node = node
     self.label = label
     self.line = line
     self.column = column
     self.hits = hits
     self.reached = reached
     self.key = key
    return __init__


def _m316(_FACTORY, _cls, _default2, _default3, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, kind, subject, detail=_default2, line=_default3):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.kind = kind
      self.subject = subject
      self.detail = detail
      self.line = line
      self.__class__ = _cls
     else:
      _set0(self, kind)
      _set1(self, subject)
      _set2(self, detail)
      _set3(self, line)
    return __init__


def _m317(_FACTORY, _cls, _default3, _default4, _default5, _default6, _default7, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, kind, what, subject, detail=_default3, old=_default4, new=_default5, old_line=_default6, new_line=_default7):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.kind = kind
      self.what = what
      self.subject = subject
      self.detail = detail
      self.old = old
      self.new = new
      self.old_line = old_line
      self.new_line = new_line
      self.__class__ = _cls
     else:
      _set0(self, kind)
      _set1(self, what)
      _set2(self, subject)
      _set3(self, detail)
      _set4(self, old)
      _set5(self, new)
      _set6(self, old_line)
      _set7(self, new_line)
    return __init__


def _m318(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, label, path, text, reader):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.label = label
      self.path = path
      self.text = text
      self.reader = reader
      self.__class__ = _cls
     else:
      _set0(self, label)
      _set1(self, path)
      _set2(self, text)
      _set3(self, reader)
    return __init__


def _m319(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, left, op, op_start, op_end, right, negated, start, end):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.left = left
      self.op = op
      self.op_start = op_start
      self.op_end = op_end
      self.right = right
      self.negated = negated
      self.start = start
      self.end = end
      self.__class__ = _cls
     else:
      _set0(self, left)
      _set1(self, op)
      _set2(self, op_start)
      _set3(self, op_end)
      _set4(self, right)
      _set5(self, negated)
      _set6(self, start)
      _set7(self, end)
    return __init__


def _m320(_FACTORY, _cls, _default3, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, left, op, right, negated=_default3):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.left = left
      self.op = op
      self.right = right
      self.negated = negated
      self.__class__ = _cls
     else:
      _set0(self, left)
      _set1(self, op)
      _set2(self, right)
      _set3(self, negated)
    return __init__


def _m321(_FACTORY, _cls, _default2, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, level, source, skipped=_default2):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.level = level
      self.source = source
      self.skipped = skipped
      self.__class__ = _cls
     else:
      _set0(self, level)
      _set1(self, source)
      _set2(self, skipped)
    return __init__


def _m322(_FACTORY, _setattr):
    def __init__(self, line, column, message):
     _setattr(self, 'line', line)
     _setattr(self, 'column', column)
     _setattr(self, 'message', message)
    return __init__


def _m323(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, lines, start, trailing):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.lines = lines
      self.start = start
      self.trailing = trailing
      self.__class__ = _cls
     else:
      _set0(self, lines)
      _set1(self, start)
      _set2(self, trailing)
    return __init__


def _m324(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, major, minor):
     _set0(self, major)
     _set1(self, minor)
    return __init__


def _m325(_FACTORY, _default0, _set0, _setattr):
    def __init__(self, maps=_default0):
     _set0(self, maps)
    return __init__


def _m326(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, matches, fallback, unbalanced):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.matches = matches
      self.fallback = fallback
      self.unbalanced = unbalanced
      self.__class__ = _cls
     else:
      _set0(self, matches)
      _set1(self, fallback)
      _set2(self, unbalanced)
    return __init__


def _m327(_FACTORY, _default0, _factory1, _setattr):
    def __init__(self, max_parallel=_default0, outcomes=_FACTORY):
     _setattr(self, 'max_parallel', max_parallel)
     _setattr(self, 'outcomes', _factory1() if outcomes is _FACTORY else outcomes)
    return __init__


def _m328(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, message, start, end):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.message = message
      self.start = start
      self.end = end
      self.__class__ = _cls
     else:
      _set0(self, message)
      _set1(self, start)
      _set2(self, end)
    return __init__


def _m329(_FACTORY, _cls, _default3, _default4, _default5, _default6, _default7, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, name, description, models, aliases=_default3, open=_default4, families=_default5, deprecated=_default6, extra=_default7):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.name = name
      self.description = description
      self.models = models
      self.aliases = aliases
      self.open = open
      self.families = families
      self.deprecated = deprecated
      self.extra = extra
      self.__class__ = _cls
     else:
      _set0(self, name)
      _set1(self, description)
      _set2(self, models)
      _set3(self, aliases)
      _set4(self, open)
      _set5(self, families)
      _set6(self, deprecated)
      _set7(self, extra)
     self.__post_init__()
    return __init__


def _m330(_FACTORY, _factory2, _factory3, _factory4, _factory5, _factory6, _setattr):
    def __init__(self, name, format, settings=_FACTORY, presentation=_FACTORY, nodes=_FACTORY, edges=_FACTORY, setting_lines=_FACTORY):
     self.name = name
     self.format = format
     self.settings = _factory2() if settings is _FACTORY else settings
     self.presentation = _factory3() if presentation is _FACTORY else presentation
     self.nodes = _factory4() if nodes is _FACTORY else nodes
     self.edges = _factory5() if edges is _FACTORY else edges
     self.setting_lines = _factory6() if setting_lines is _FACTORY else setting_lines
    return __init__


def _m331(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, name, kind, values, span):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.name = name
      self.kind = kind
      self.values = values
      self.span = span
      self.__class__ = _cls
     else:
      _set0(self, name)
      _set1(self, kind)
      _set2(self, values)
      _set3(self, span)
    return __init__


def _m332(_FACTORY, _default5, _default7, _factory6, _setattr):
    def __init__(self, name, line, column, expectations, scenario, dippin=_default5, notes=_FACTORY, plan=_default7):
     self.name = name
     self.line = line
     self.column = column
     self.expectations = expectations
     self.scenario = scenario
     self.dippin = dippin
     self.notes = _factory6() if notes is _FACTORY else notes
     self.plan = plan
    return __init__


def _m333(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, name, start, end):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.name = name
      self.start = start
      self.end = end
      self.__class__ = _cls
     else:
      _set0(self, name)
      _set1(self, start)
      _set2(self, end)
    return __init__


def _m334(_FACTORY, _default4, _setattr):
    def __init__(self, name, target, start, end, size=_default4):
     self.name = name
     self.target = target
     self.start = start
     self.end = end
     self.size = size
    return __init__


def _m335(_FACTORY, _default1, _default2, _default8, _default9, _factory3, _factory4, _factory5, _factory6, _factory7, _setattr):
    def __init__(self, name, title=_default1, direction=_default2, boxes=_FACTORY, arrows=_FACTORY, clusters=_FACTORY, looks=_FACTORY, graph_attrs=_FACTORY, edge_font_size=_default8, edge_font_color=_default9):
     self.name = name
     self.title = title
     self.direction = direction
     self.boxes = _factory3() if boxes is _FACTORY else boxes
     self.arrows = _factory4() if arrows is _FACTORY else arrows
     self.clusters = _factory5() if clusters is _FACTORY else clusters
     self.looks = _factory6() if looks is _FACTORY else looks
     self.graph_attrs = _factory7() if graph_attrs is _FACTORY else graph_attrs
     self.edge_font_size = edge_font_size
     self.edge_font_color = edge_font_color
    return __init__


def _m336(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, name, type, attrs, span):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.name = name
      self.type = type
      self.attrs = attrs
      self.span = span
      self.__class__ = _cls
     else:
      _set0(self, name)
      _set1(self, type)
      _set2(self, attrs)
      _set3(self, span)
    return __init__


def _m337(_FACTORY, _default0, _default1, _set0, _set1, _setattr):
    def __init__(self, new=_default0, old=_default1):
     _set0(self, new)
     _set1(self, old)
    return __init__


def _m338(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, node, branches, join):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.node = node
      self.branches = branches
      self.join = join
      self.__class__ = _cls
     else:
      _set0(self, node)
      _set1(self, branches)
      _set2(self, join)
    return __init__


def _m339(_FACTORY, _default10, _default11, _default12, _default6, _default7, _default8, _default9, _factory2, _factory3, _factory4, _factory5, _setattr):
    def __init__(self, node, ctx, completed=_FACTORY, outcomes=_FACTORY, retries=_FACTORY, visits=_FACTORY, restarts=_default6, fallback_taken=_default7, gate_fallback=_default8, gate_recheck=_default9, covered=_default10, overridden=_default11, steps=_default12):
     self.node = node
     self.ctx = ctx
     self.completed = _factory2() if completed is _FACTORY else completed
     self.outcomes = _factory3() if outcomes is _FACTORY else outcomes
     self.retries = _factory4() if retries is _FACTORY else retries
     self.visits = _factory5() if visits is _FACTORY else visits
     self.restarts = restarts
     self.fallback_taken = fallback_taken
     self.gate_fallback = gate_fallback
     self.gate_recheck = gate_recheck
     self.covered = covered
     self.overridden = overridden
     self.steps = steps
    return __init__


def _m340(_FACTORY, _cls, _default10, _default3, _default4, _default5, _default6, _default7, _default8, _default9, _set0, _set1, _set10, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set9, _set_class, _setattr, _twin):
    def __init__(self, node, handler, outcome, attempt=_default3, edge=_default4, writes=_default5, notes=_default6, within=_default7, depth=_default8, text=_default9, model_node=_default10):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.node = node
      self.handler = handler
      self.outcome = outcome
      self.attempt = attempt
      self.edge = edge
      self.writes = writes
      self.notes = notes
      self.within = within
      self.depth = depth
      self.text = text
      self.model_node = model_node
      self.__class__ = _cls
     else:
      _set0(self, node)
      _set1(self, handler)
      _set2(self, outcome)
      _set3(self, attempt)
      _set4(self, edge)
      _set5(self, writes)
      _set6(self, notes)
      _set7(self, within)
      _set8(self, depth)
      _set9(self, text)
      _set10(self, model_node)
    return __init__


def _m341(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, node, key, item):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.node = node
      self.key = key
      self.item = item
      self.__class__ = _cls
     else:
      _set0(self, node)
      _set1(self, key)
      _set2(self, item)
    return __init__


def _m342(_FACTORY, _setattr):
    def __init__(self, node, rule, target, why, outcome, index):
     _setattr(self, 'node', node)
     _setattr(self, 'rule', rule)
     _setattr(self, 'target', target)
     _setattr(self, 'why', why)
     _setattr(self, 'outcome', outcome)
     _setattr(self, 'index', index)
    return __init__


def _m343(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, node, text, masked):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.node = node
      self.text = text
      self.masked = masked
      self.__class__ = _cls
     else:
      _set0(self, node)
      _set1(self, text)
      _set2(self, masked)
    return __init__


def _m344(_FACTORY, _default3, _factory0, _factory1, _factory2, _setattr):
    def __init__(self, node_defaults=_FACTORY, edge_defaults=_FACTORY, created=_FACTORY, label=_default3):
     self.node_defaults = _factory0() if node_defaults is _FACTORY else node_defaults
     self.edge_defaults = _factory1() if edge_defaults is _FACTORY else edge_defaults
     self.created = _factory2() if created is _FACTORY else created
     self.label = label
    return __init__


def _m345(_FACTORY, _setattr):
    def __init__(self, nodes, edges, rest):
     self.nodes = nodes
     self.edges = edges
     self.rest = rest
    return __init__


def _m346(_FACTORY, _cls, _default2, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, nodes, skipped, cleared=_default2):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.nodes = nodes
      self.skipped = skipped
      self.cleared = cleared
      self.__class__ = _cls
     else:
      _set0(self, nodes)
      _set1(self, skipped)
      _set2(self, cleared)
    return __init__


def _m347(_FACTORY, _default0, _factory1, _setattr):
    def __init__(self, nodes=_default0, work=_FACTORY):
     self.nodes = nodes
     self.work = _factory1() if work is _FACTORY else work
    return __init__


def _m348(_FACTORY, _setattr):
    def __init__(self, number, indent, text):
     _setattr(self, 'number', number)
     _setattr(self, 'indent', indent)
     _setattr(self, 'text', text)
    return __init__


def _m349(_FACTORY, _factory5, _factory6, _factory7, _factory8, _setattr):
    def __init__(self, obj, index, parent, depth, js, subtasks=_FACTORY, deps=_FACTORY, dropped=_FACTORY, inherited=_FACTORY):
     self.obj = obj
     self.index = index
     self.parent = parent
     self.depth = depth
     self.js = js
     self.subtasks = _factory5() if subtasks is _FACTORY else subtasks
     self.deps = _factory6() if deps is _FACTORY else deps
     self.dropped = _factory7() if dropped is _FACTORY else dropped
     self.inherited = _factory8() if inherited is _FACTORY else inherited
    return __init__


def _m350(_FACTORY, _setattr):
    def __init__(self, old, new, changes, effects):
     self.old = old
     self.new = new
     self.changes = changes
     self.effects = effects
    return __init__


def _m351(_FACTORY, _cls, _default4, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, op, items, start, end, symbols=_default4):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.op = op
      self.items = items
      self.start = start
      self.end = end
      self.symbols = symbols
      self.__class__ = _cls
     else:
      _set0(self, op)
      _set1(self, items)
      _set2(self, start)
      _set3(self, end)
      _set4(self, symbols)
    return __init__


def _m352(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set_class, _setattr, _twin):
    def __init__(self, open_start, open_end, body_start, body_end, close_start, close_end, info):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.open_start = open_start
      self.open_end = open_end
      self.body_start = body_start
      self.body_end = body_end
      self.close_start = close_start
      self.close_end = close_end
      self.info = info
      self.__class__ = _cls
     else:
      _set0(self, open_start)
      _set1(self, open_end)
      _set2(self, body_start)
      _set3(self, body_end)
      _set4(self, close_start)
      _set5(self, close_end)
      _set6(self, info)
    return __init__


def _m353(_FACTORY, _cls, _default0, _default1, _default2, _default3, _default4, _default5, _default6, _default7, _default8, _default9, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set9, _set_class, _setattr, _twin):
    def __init__(self, outcome=_default0, label=_default1, text=_default2, stdout=_default3, stderr=_default4, exit_code=_default5, writes=_default6, cycles=_default7, marker=_default8, why=_default9):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.outcome = outcome
      self.label = label
      self.text = text
      self.stdout = stdout
      self.stderr = stderr
      self.exit_code = exit_code
      self.writes = writes
      self.cycles = cycles
      self.marker = marker
      self.why = why
      self.__class__ = _cls
     else:
      _set0(self, outcome)
      _set1(self, label)
      _set2(self, text)
      _set3(self, stdout)
      _set4(self, stderr)
      _set5(self, exit_code)
      _set6(self, writes)
      _set7(self, cycles)
      _set8(self, marker)
      _set9(self, why)
    return __init__


def _m354(_FACTORY, _factory0, _factory1, _setattr):
    def __init__(self, own=_FACTORY, foreign=_FACTORY):
     self.own = _factory0() if own is _FACTORY else own
     self.foreign = _factory1() if foreign is _FACTORY else foreign
    return __init__


def _m355(_FACTORY, _cls, _default1, _default2, _default3, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, pace, start=_default1, end=_default2, what=_default3):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.pace = pace
      self.start = start
      self.end = end
      self.what = what
      self.__class__ = _cls
     else:
      _set0(self, pace)
      _set1(self, start)
      _set2(self, end)
      _set3(self, what)
    return __init__


def _m356(_FACTORY, _default1, _setattr):
    def __init__(self, pairs, branch=_default1):
     _setattr(self, 'pairs', pairs)
     _setattr(self, 'branch', branch)
    return __init__


def _m357(_FACTORY, _default4, _default5, _setattr):
    def __init__(self, pairs, flow, tag, start, end=_default4, size=_default5):
     self.pairs = pairs
     self.flow = flow
     self.tag = tag
     self.start = start
     self.end = end
     self.size = size
    return __init__


def _m358(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, pairs, removed, added):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.pairs = pairs
      self.removed = removed
      self.added = added
      self.__class__ = _cls
     else:
      _set0(self, pairs)
      _set1(self, removed)
      _set2(self, added)
    return __init__


def _m359(_FACTORY, _cls, _default4, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, parallel, branches, join, lossy, policy=_default4):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.parallel = parallel
      self.branches = branches
      self.join = join
      self.lossy = lossy
      self.policy = policy
      self.__class__ = _cls
     else:
      _set0(self, parallel)
      _set1(self, branches)
      _set2(self, join)
      _set3(self, lossy)
      _set4(self, policy)
    return __init__


def _m360(_FACTORY, _cls, _default0, _default1, _default2, _default3, _default4, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, parents=_default0, provided=_default1, read_above=_default2, child_hint=_default3, bound=_default4):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.parents = parents
      self.provided = provided
      self.read_above = read_above
      self.child_hint = child_hint
      self.bound = bound
      self.__class__ = _cls
     else:
      _set0(self, parents)
      _set1(self, provided)
      _set2(self, read_above)
      _set3(self, child_hint)
      _set4(self, bound)
    return __init__


def _m361(_FACTORY, _factory5, _setattr):
    def __init__(self, path, graph, machine, scenario, config, diagnostics=_FACTORY):
     self.path = path
     self.graph = graph
     self.machine = machine
     self.scenario = scenario
     self.config = config
     self.diagnostics = _factory5() if diagnostics is _FACTORY else diagnostics
    return __init__


def _m362(_FACTORY, _factory5, _setattr):
    def __init__(self, path, kind, tree, items, workflow, warnings=_FACTORY):
     self.path = path
     self.kind = kind
     self.tree = tree
     self.items = items
     self.workflow = workflow
     self.warnings = _factory5() if warnings is _FACTORY else warnings
    return __init__


def _m363(_FACTORY, _factory3, _factory4, _setattr):
    def __init__(self, path, kind, workflow, tests=_FACTORY, warnings=_FACTORY):
     self.path = path
     self.kind = kind
     self.workflow = workflow
     self.tests = _factory3() if tests is _FACTORY else tests
     self.warnings = _factory4() if warnings is _FACTORY else warnings
    return __init__


def _m364(_FACTORY, _default2, _default4, _default6, _factory3, _factory5, _setattr):
    def __init__(self, path, kind, workflow=_default2, results=_FACTORY, error=_default4, warnings=_FACTORY, prepared=_default6):
     self.path = path
     self.kind = kind
     self.workflow = workflow
     self.results = _factory3() if results is _FACTORY else results
     self.error = error
     self.warnings = _factory5() if warnings is _FACTORY else warnings
     self.prepared = prepared
    return __init__


def _m365(_FACTORY, _default7, _default8, _default9, _factory4, _factory5, _factory6, _setattr):
    def __init__(self, path, original, text, result, applied=_FACTORY, rejected=_FACTORY, breaks=_FACTORY, passes=_default7, converged=_default8, named=_default9):
     self.path = path
     self.original = original
     self.text = text
     self.result = result
     self.applied = _factory4() if applied is _FACTORY else applied
     self.rejected = _factory5() if rejected is _FACTORY else rejected
     self.breaks = _factory6() if breaks is _FACTORY else breaks
     self.passes = passes
     self.converged = converged
     self.named = named
    return __init__


def _m366(_FACTORY, _setattr):
    def __init__(self, path, plan, diagnostics, warnings):
     self.path = path
     self.plan = plan
     self.diagnostics = diagnostics
     self.warnings = warnings
    return __init__


def _m367(_FACTORY, _default5, _factory3, _factory4, _setattr):
    def __init__(self, path, source, workflow, diagnostics=_FACTORY, dependencies=_FACTORY, not_a_workflow=_default5):
     self.path = path
     self.source = source
     self.workflow = workflow
     self.diagnostics = _factory3() if diagnostics is _FACTORY else diagnostics
     self.dependencies = _factory4() if dependencies is _FACTORY else dependencies
     self.not_a_workflow = not_a_workflow
    return __init__


def _m368(_FACTORY, _setattr):
    def __init__(self, path, text):
     self.path = path
     self.text = text
    return __init__


def _m369(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, path, workflow, node):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.path = path
      self.workflow = workflow
      self.node = node
      self.__class__ = _cls
     else:
      _set0(self, path)
      _set1(self, workflow)
      _set2(self, node)
    return __init__


def _m370(_FACTORY, _default1, _default2, _factory0, _factory3, _setattr):
    def __init__(self, path=_FACTORY, status=_default1, message=_default2, decisions=_FACTORY):
     self.path = _factory0() if path is _FACTORY else path
     self.status = status
     self.message = message
     self.decisions = _factory3() if decisions is _FACTORY else decisions
    return __init__


def _m371(_FACTORY, _default0, _default3, _factory1, _factory2, _setattr):
    def __init__(self, path=_default0, context=_FACTORY, nodes=_FACTORY, max_steps=_default3):
     self.path = path
     self.context = _factory1() if context is _FACTORY else context
     self.nodes = _factory2() if nodes is _FACTORY else nodes
     self.max_steps = max_steps
    return __init__


def _m372(_FACTORY, _default1, _default10, _default11, _default12, _default2, _default3, _default4, _factory0, _factory5, _factory6, _factory7, _factory8, _factory9, _setattr):
    def __init__(self, paths=_FACTORY, states=_default1, truncated=_default2, halted=_default3, capped=_default4, taken_edges=_FACTORY, stuck=_FACTORY, routed=_FACTORY, gate_checks=_FACTORY, restart_edges=_FACTORY, succeeded=_default10, exhausted_restarts=_default11, fewest_restarts=_default12):
     self.paths = _factory0() if paths is _FACTORY else paths
     self.states = states
     self.truncated = truncated
     self.halted = halted
     self.capped = capped
     self.taken_edges = _factory5() if taken_edges is _FACTORY else taken_edges
     self.stuck = _factory6() if stuck is _FACTORY else stuck
     self.routed = _factory7() if routed is _FACTORY else routed
     self.gate_checks = _factory8() if gate_checks is _FACTORY else gate_checks
     self.restart_edges = _factory9() if restart_edges is _FACTORY else restart_edges
     self.succeeded = succeeded
     self.exhausted_restarts = exhausted_restarts
     self.fewest_restarts = fewest_restarts
    return __init__


def _m373(_FACTORY, _default0, _default1, _default2, _setattr):
    def __init__(self, plan_map=_default0, tdd=_default1, plan_map_max=_default2):
     _setattr(self, 'plan_map', plan_map)
     _setattr(self, 'tdd', tdd)
     _setattr(self, 'plan_map_max', plan_map_max)
    return __init__


def _m374(_FACTORY, _factory0, _factory1, _setattr):
    def __init__(self, problems=_FACTORY, lines=_FACTORY):
     self.problems = _factory0() if problems is _FACTORY else problems
     self.lines = _factory1() if lines is _FACTORY else lines
    return __init__


def _m375(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, provider, family, selector, model, problem):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.provider = provider
      self.family = family
      self.selector = selector
      self.model = model
      self.problem = problem
      self.__class__ = _cls
     else:
      _set0(self, provider)
      _set1(self, family)
      _set2(self, selector)
      _set3(self, model)
      _set4(self, problem)
    return __init__


def _m376(_FACTORY, _factory1, _setattr):
    def __init__(self, providers, _index=_FACTORY):
     _setattr(self, 'providers', providers)
     _setattr(self, '_index', _factory1() if _index is _FACTORY else _index)
     self.__post_init__()
    return __init__


def _m377(_FACTORY, _cls, _default4, _default5, _default6, _default7, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, raw, text, span, expr, error=_default4, error_start=_default5, error_end=_default6, shorthand=_default7):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.raw = raw
      self.text = text
      self.span = span
      self.expr = expr
      self.error = error
      self.error_start = error_start
      self.error_end = error_end
      self.shorthand = shorthand
      self.__class__ = _cls
     else:
      _set0(self, raw)
      _set1(self, text)
      _set2(self, span)
      _set3(self, expr)
      _set4(self, error)
      _set5(self, error_start)
      _set6(self, error_end)
      _set7(self, shorthand)
    return __init__


def _m378(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, ref, key, after, where):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.ref = ref
      self.key = key
      self.after = after
      self.where = where
      self.__class__ = _cls
     else:
      _set0(self, ref)
      _set1(self, key)
      _set2(self, after)
      _set3(self, where)
    return __init__


def _m379(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set5, _set_class, _setattr, _twin):
    def __init__(self, ref, key, edge, loop, writers, sometimes):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.ref = ref
      self.key = key
      self.edge = edge
      self.loop = loop
      self.writers = writers
      self.sometimes = sometimes
      self.__class__ = _cls
     else:
      _set0(self, ref)
      _set1(self, key)
      _set2(self, edge)
      _set3(self, loop)
      _set4(self, writers)
      _set5(self, sometimes)
    return __init__


def _m380(_FACTORY, _cls, _default4, _default5, _default6, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set_class, _setattr, _twin):
    def __init__(self, ref, path, workflow, problem, missing=_default4, special=_default5, outside=_default6):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.ref = ref
      self.path = path
      self.workflow = workflow
      self.problem = problem
      self.missing = missing
      self.special = special
      self.outside = outside
      self.__class__ = _cls
     else:
      _set0(self, ref)
      _set1(self, path)
      _set2(self, workflow)
      _set3(self, problem)
      _set4(self, missing)
      _set5(self, special)
      _set6(self, outside)
    return __init__


def _m381(_FACTORY, _cls, _default1, _default2, _default3, _default4, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, route, edge=_default1, target=_default2, origin=_default3, rest=_default4):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.route = route
      self.edge = edge
      self.target = target
      self.origin = origin
      self.rest = rest
      self.__class__ = _cls
     else:
      _set0(self, route)
      _set1(self, edge)
      _set2(self, target)
      _set3(self, origin)
      _set4(self, rest)
    return __init__


def _m382(_FACTORY, _cls, _default4, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, section, match, message, codes, reason=_default4):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.section = section
      self.match = match
      self.message = message
      self.codes = codes
      self.reason = reason
      self.__class__ = _cls
     else:
      _set0(self, section)
      _set1(self, match)
      _set2(self, message)
      _set3(self, codes)
      _set4(self, reason)
    return __init__


def _m383(_FACTORY, _default0, _default1, _default10, _default11, _default12, _default13, _default14, _default2, _default3, _default4, _default5, _default6, _default7, _default8, _default9, _setattr):
    def __init__(self, select=_default0, extend_select=_default1, ignore=_default2, per_file_ignores=_default3, exclude=_default4, include=_default5, severity=_default6, fail_on=_default7, target=_default8, dialects=_default9, extra_models=_default10, ordewell_runners=_default11, format_exclude=_default12, path=_default13, root=_default14):
     _setattr(self, 'select', select)
     _setattr(self, 'extend_select', extend_select)
     _setattr(self, 'ignore', ignore)
     _setattr(self, 'per_file_ignores', per_file_ignores)
     _setattr(self, 'exclude', exclude)
     _setattr(self, 'include', include)
     _setattr(self, 'severity', severity)
     _setattr(self, 'fail_on', fail_on)
     _setattr(self, 'target', target)
     _setattr(self, 'dialects', dialects)
     _setattr(self, 'extra_models', extra_models)
     _setattr(self, 'ordewell_runners', ordewell_runners)
     _setattr(self, 'format_exclude', format_exclude)
     _setattr(self, 'path', path)
     _setattr(self, 'root', root)
    return __init__


def _m384(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, selection, rejected, reason, why):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.selection = selection
      self.rejected = rejected
      self.reason = reason
      self.why = why
      self.__class__ = _cls
     else:
      _set0(self, selection)
      _set1(self, rejected)
      _set2(self, reason)
      _set3(self, why)
    return __init__


def _m385(_FACTORY, _setattr):
    def __init__(self, selectors, properties, problems):
     self.selectors = selectors
     self.properties = properties
     self.problems = problems
    return __init__


def _m386(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, source, error):
     _set0(self, source)
     _set1(self, error)
    return __init__


def _m387(_FACTORY, _default10, _default11, _default12, _default13, _default14, _default15, _default16, _default17, _default18, _default19, _default20, _default4, _default5, _default6, _default7, _default8, _default9, _setattr):
    def __init__(self, source, format, name, decl_span, version=_default4, header=_default5, defaults=_default6, vars=_default7, inputs=_default8, nodes=_default9, edges=_default10, else_target=_default11, else_span=_default12, stylesheet=_default13, references=_default14, sources=_default15, dialect=_default16, selectors=_default17, mentions=_default18, plan=_default19, ends=_default20):
     _setattr(self, 'source', source)
     _setattr(self, 'format', format)
     _setattr(self, 'name', name)
     _setattr(self, 'decl_span', decl_span)
     _setattr(self, 'version', version)
     _setattr(self, 'header', header)
     _setattr(self, 'defaults', defaults)
     _setattr(self, 'vars', vars)
     _setattr(self, 'inputs', inputs)
     _setattr(self, 'nodes', nodes)
     _setattr(self, 'edges', edges)
     _setattr(self, 'else_target', else_target)
     _setattr(self, 'else_span', else_span)
     _setattr(self, 'stylesheet', stylesheet)
     _setattr(self, 'references', references)
     _setattr(self, 'sources', sources)
     _setattr(self, 'dialect', dialect)
     _setattr(self, 'selectors', selectors)
     _setattr(self, 'mentions', mentions)
     _setattr(self, 'plan', plan)
     _setattr(self, 'ends', ends)
     self.__post_init__()
    return __init__


def _m388(_FACTORY, _default10, _default11, _default12, _default15, _default6, _default7, _default8, _factory13, _factory14, _factory9, _setattr):
    def __init__(self, source, kind, tasks, flat, root, tasks_member, runners=_default6, runners_from_session=_default7, stored=_default8, candidates=_FACTORY, selected=_default10, linted=_default11, session_meta=_default12, rewrites=_FACTORY, comma_offsets=_FACTORY, running=_default15):
     self.source = source
     self.kind = kind
     self.tasks = tasks
     self.flat = flat
     self.root = root
     self.tasks_member = tasks_member
     self.runners = runners
     self.runners_from_session = runners_from_session
     self.stored = stored
     self.candidates = _factory9() if candidates is _FACTORY else candidates
     self.selected = selected
     self.linted = linted
     self.session_meta = session_meta
     self.rewrites = _factory13() if rewrites is _FACTORY else rewrites
     self.comma_offsets = _factory14() if comma_offsets is _FACTORY else comma_offsets
     self.running = running
    return __init__


def _m389(_FACTORY, _setattr):
    def __init__(self, source, raw_blocks, base_dir, display_base, reader):
     self.source = source
     self.raw_blocks = raw_blocks
     self.base_dir = base_dir
     self.display_base = display_base
     self.reader = reader
     self.__post_init__()
    return __init__


def _m390(_FACTORY, _cls, _default10, _set0, _set1, _set10, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set9, _set_class, _setattr, _twin):
    def __init__(self, source, target, condition, key, label, choice, weight, back, override, implicit, line=_default10):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.source = source
      self.target = target
      self.condition = condition
      self.key = key
      self.label = label
      self.choice = choice
      self.weight = weight
      self.back = back
      self.override = override
      self.implicit = implicit
      self.line = line
      self.__class__ = _cls
     else:
      _set0(self, source)
      _set1(self, target)
      _set2(self, condition)
      _set3(self, key)
      _set4(self, label)
      _set5(self, choice)
      _set6(self, weight)
      _set7(self, back)
      _set8(self, override)
      _set9(self, implicit)
      _set10(self, line)
    return __init__


def _m391(_FACTORY, _default2, _default3, _default4, _default5, _setattr):
    def __init__(self, source, target, label=_default2, look=_default3, tooltip=_default4, constraint=_default5):
     self.source = source
     self.target = target
     self.label = label
     self.look = look
     self.tooltip = tooltip
     self.constraint = constraint
    return __init__


def _m392(_FACTORY, _cls, _default4, _default5, _default6, _default7, _default8, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set8, _set_class, _setattr, _twin):
    def __init__(self, source, target, reason, why, edge=_default4, rejected=_default5, restart=_default6, override=_default7, restart_why=_default8):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.source = source
      self.target = target
      self.reason = reason
      self.why = why
      self.edge = edge
      self.rejected = rejected
      self.restart = restart
      self.override = override
      self.restart_why = restart_why
      self.__class__ = _cls
     else:
      _set0(self, source)
      _set1(self, target)
      _set2(self, reason)
      _set3(self, why)
      _set4(self, edge)
      _set5(self, rejected)
      _set6(self, restart)
      _set7(self, override)
      _set8(self, restart_why)
    return __init__


def _m393(_FACTORY, _setattr):
    def __init__(self, source, target, span, attrs):
     self.source = source
     self.target = target
     self.span = span
     self.attrs = attrs
    return __init__


def _m394(_FACTORY, _cls, _default3, _default4, _default5, _default6, _default7, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set7, _set_class, _setattr, _twin):
    def __init__(self, source, target, span, condition=_default3, attrs=_default4, implicit=_default5):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.source = source
      self.target = target
      self.span = span
      self.condition = condition
      self.attrs = attrs
      self.implicit = implicit
      self.conditional = _default6
      self.is_back_edge = _default7
      self.__class__ = _cls
     else:
      _set0(self, source)
      _set1(self, target)
      _set2(self, span)
      _set3(self, condition)
      _set4(self, attrs)
      _set5(self, implicit)
      _set6(self, _default6)
      _set7(self, _default7)
     self.__post_init__()
    return __init__


def _m395(_FACTORY, _setattr):
    def __init__(self, span):
     self.span = span
    return __init__


def _m396(_FACTORY, _setattr):
    def __init__(self, span, directive, problems, kind, rewrite, lines, file_wide, removal):
     self.span = span
     self.directive = directive
     self.problems = problems
     self.kind = kind
     self.rewrite = rewrite
     self.lines = lines
     self.file_wide = file_wide
     self.removal = removal
    return __init__


def _m397(_FACTORY, _factory1, _setattr):
    def __init__(self, span, items=_FACTORY):
     self.span = span
     self.items = _factory1() if items is _FACTORY else items
    return __init__


def _m398(_FACTORY, _default2, _factory1, _setattr):
    def __init__(self, span, members=_FACTORY, _index=_default2):
     self.span = span
     self.members = _factory1() if members is _FACTORY else members
     self._index = _index
    return __init__


def _m399(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, span, message):
     _set0(self, span)
     _set1(self, message)
    return __init__


def _m400(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, span, message):
     _set0(self, span)
     _set1(self, message)
     self.__post_init__()
    return __init__


def _m401(_FACTORY, _cls, _default2, _default3, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, span, message, code=_default2, severity=_default3):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.span = span
      self.message = message
      self.code = code
      self.severity = severity
      self.__class__ = _cls
     else:
      _set0(self, span)
      _set1(self, message)
      _set2(self, code)
      _set3(self, severity)
    return __init__


def _m402(_FACTORY, _default3, _default4, _setattr):
    def __init__(self, span, root, error, error_span=_default3, over_limit=_default4):
     self.span = span
     self.root = root
     self.error = error
     self.error_span = error_span
     self.over_limit = over_limit
    return __init__


def _m403(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, span, text):
     _set0(self, span)
     _set1(self, text)
    return __init__


def _m404(_FACTORY, _setattr):
    def __init__(self, span, value):
     self.span = span
     self.value = value
    return __init__


def _m405(_FACTORY, _default2, _setattr):
    def __init__(self, span, value, segments=_default2):
     self.span = span
     self.value = value
     self.segments = segments
    return __init__


def _m406(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, stamp, included, symbols):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.stamp = stamp
      self.included = included
      self.symbols = symbols
      self.__class__ = _cls
     else:
      _set0(self, stamp)
      _set1(self, included)
      _set2(self, symbols)
    return __init__


def _m407(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, start, end, message):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.start = start
      self.end = end
      self.message = message
      self.__class__ = _cls
     else:
      _set0(self, start)
      _set1(self, end)
      _set2(self, message)
    return __init__


def _m408(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, start, end, type, modifiers, priority):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.start = start
      self.end = end
      self.type = type
      self.modifiers = modifiers
      self.priority = priority
      self.__class__ = _cls
     else:
      _set0(self, start)
      _set1(self, end)
      _set2(self, type)
      _set3(self, modifiers)
      _set4(self, priority)
    return __init__


def _m409(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, start, end, what):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.start = start
      self.end = end
      self.what = what
      self.__class__ = _cls
     else:
      _set0(self, start)
      _set1(self, end)
      _set2(self, what)
    return __init__


def _m410(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, statement, pattern):
     _set0(self, statement)
     _set1(self, pattern)
    return __init__


def _m411(_FACTORY, _cls, _default2, _default3, _default4, _default5, _set0, _set1, _set2, _set3, _set4, _set5, _set_class, _setattr, _twin):
    def __init__(self, status, message, node=_default2, error=_default3, cause=_default4, rejected=_default5):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.status = status
      self.message = message
      self.node = node
      self.error = error
      self.cause = cause
      self.rejected = rejected
      self.__class__ = _cls
     else:
      _set0(self, status)
      _set1(self, message)
      _set2(self, node)
      _set3(self, error)
      _set4(self, cause)
      _set5(self, rejected)
    return __init__


def _m412(_FACTORY, _default2, _default3, _default4, _default5, _default8, _default9, _factory1, _factory6, _factory7, _setattr):
    def __init__(self, status, updates=_FACTORY, preferred=_default2, suggested=_default3, error=_default4, limit=_default5, notes=_FACTORY, nested=_FACTORY, override_ok=_default8, child_overridden=_default9):
     self.status = status
     self.updates = _factory1() if updates is _FACTORY else updates
     self.preferred = preferred
     self.suggested = suggested
     self.error = error
     self.limit = limit
     self.notes = _factory6() if notes is _FACTORY else notes
     self.nested = _factory7() if nested is _FACTORY else nested
     self.override_ok = override_ok
     self.child_overridden = child_overridden
    return __init__


def _m413(_FACTORY, _setattr):
    def __init__(self, steps, end, ctx):
     self.steps = steps
     self.end = end
     self.ctx = ctx
     self.__post_init__()
    return __init__


def _m414(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set5, _set6, _set_class, _setattr, _twin):
    def __init__(self, steps, nodes, key, reader, steps_run, productions, producers):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.steps = steps
      self.nodes = nodes
      self.key = key
      self.reader = reader
      self.steps_run = steps_run
      self.productions = productions
      self.producers = producers
      self.__class__ = _cls
     else:
      _set0(self, steps)
      _set1(self, nodes)
      _set2(self, key)
      _set3(self, reader)
      _set4(self, steps_run)
      _set5(self, productions)
      _set6(self, producers)
    return __init__


def _m415(_FACTORY, _cls, _default1, _default2, _default3, _default4, _default5, _set0, _set1, _set2, _set3, _set4, _set5, _set_class, _setattr, _twin):
    def __init__(self, steps, state=_default1, end=_default2, taken=_default3, label=_default4, gates=_default5):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.steps = steps
      self.state = state
      self.end = end
      self.taken = taken
      self.label = label
      self.gates = gates
      self.__class__ = _cls
     else:
      _set0(self, steps)
      _set1(self, state)
      _set2(self, end)
      _set3(self, taken)
      _set4(self, label)
      _set5(self, gates)
    return __init__


def _m416(_FACTORY, _default1, _factory0, _setattr):
    def __init__(self, steps=_FACTORY, end=_default1):
     self.steps = _factory0() if steps is _FACTORY else steps
     self.end = end
    return __init__


def _m417(_FACTORY, _setattr):
    def __init__(self, structure, content, line):
     self.structure = structure
     self.content = content
     self.line = line
    return __init__


def _m418(_FACTORY, _default4, _setattr):
    def __init__(self, suggestions, unreached, taken, untried, max_seconds=_default4):
     self.suggestions = suggestions
     self.unreached = unreached
     self.taken = taken
     self.untried = untried
     self.max_seconds = max_seconds
    return __init__


def _m419(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, target, fields, span):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.target = target
      self.fields = fields
      self.span = span
      self.__class__ = _cls
     else:
      _set0(self, target)
      _set1(self, fields)
      _set2(self, span)
    return __init__


def _m420(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, task, start, end, how):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.task = task
      self.start = start
      self.end = end
      self.how = how
      self.__class__ = _cls
     else:
      _set0(self, task)
      _set1(self, start)
      _set2(self, end)
      _set3(self, how)
    return __init__


def _m421(_FACTORY, _setattr):
    def __init__(self, task, value, node):
     self.task = task
     self.value = value
     self.node = node
    return __init__


def _m422(_FACTORY, _setattr):
    def __init__(self, task, wave, receives, without_output, indirect_mask, flat):
     self.task = task
     self.wave = wave
     self.receives = receives
     self.without_output = without_output
     self.indirect_mask = indirect_mask
     self.flat = flat
    return __init__


def _m423(_FACTORY, _default1, _set0, _set1, _setattr):
    def __init__(self, text, content=_default1):
     _set0(self, text)
     _set1(self, content)
    return __init__


def _m424(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, text, negations, left, op, right_raw):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.text = text
      self.negations = negations
      self.left = left
      self.op = op
      self.right_raw = right_raw
      self.__class__ = _cls
     else:
      _set0(self, text)
      _set1(self, negations)
      _set2(self, left)
      _set3(self, op)
      _set4(self, right_raw)
    return __init__


def _m425(_FACTORY, _factory1, _setattr):
    def __init__(self, text, notes=_FACTORY):
     self.text = text
     self.notes = _factory1() if notes is _FACTORY else notes
    return __init__


def _m426(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, text, parts):
     _set0(self, text)
     _set1(self, parts)
    return __init__


def _m427(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, text, start, end):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.text = text
      self.start = start
      self.end = end
      self.__class__ = _cls
     else:
      _set0(self, text)
      _set1(self, start)
      _set2(self, end)
    return __init__


def _m428(_FACTORY, _cls, _default3, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, text, start, end, quoted=_default3):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.text = text
      self.start = start
      self.end = end
      self.quoted = quoted
      self.__class__ = _cls
     else:
      _set0(self, text)
      _set1(self, start)
      _set2(self, end)
      _set3(self, quoted)
    return __init__


def _m429(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, text, start, end, value, expands):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.text = text
      self.start = start
      self.end = end
      self.value = value
      self.expands = expands
      self.__class__ = _cls
     else:
      _set0(self, text)
      _set1(self, start)
      _set2(self, end)
      _set3(self, value)
      _set4(self, expands)
    return __init__


def _m430(_FACTORY, _setattr):
    def __init__(self, text, target, path, notes, parity, converted):
     self.text = text
     self.target = target
     self.path = path
     self.notes = notes
     self.parity = parity
     self.converted = converted
    return __init__


def _m431(_FACTORY, _default4, _default5, _default6, _factory0, _factory1, _factory2, _factory3, _setattr):
    def __init__(self, tokens=_FACTORY, strings=_FACTORY, problems=_FACTORY, comments=_FACTORY, over_limit=_default4, count=_default5, marked=_default6):
     self.tokens = _factory0() if tokens is _FACTORY else tokens
     self.strings = _factory1() if strings is _FACTORY else strings
     self.problems = _factory2() if problems is _FACTORY else problems
     self.comments = _factory3() if comments is _FACTORY else comments
     self.over_limit = over_limit
     self.count = count
     self.marked = marked
    return __init__


def _m432(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, type, doc):
     _set0(self, type)
     _set1(self, doc)
    return __init__


def _m433(_FACTORY, _default10, _default3, _default4, _default5, _default6, _default7, _default8, _factory9, _setattr):
    def __init__(self, uri, path, language_id, generation=_default3, snapshot=_default4, published=_default5, timer=_default6, quick=_default7, pause=_default8, lock=_FACTORY, closed=_default10):
     self.uri = uri
     self.path = path
     self.language_id = language_id
     self.generation = generation
     self.snapshot = snapshot
     self.published = published
     self.timer = timer
     self.quick = quick
     self.pause = pause
     self.lock = _factory9() if lock is _FACTORY else lock
     self.closed = closed
    return __init__


def _m434(_FACTORY, _factory11, _setattr):
    def __init__(self, uri, version, generation, result_id, path, fmt, root, result, converted, deps, encoding, stamps=_FACTORY):
     self.uri = uri
     self.version = version
     self.generation = generation
     self.result_id = result_id
     self.path = path
     self.fmt = fmt
     self.root = root
     self.result = result
     self.converted = converted
     self.deps = deps
     self.encoding = encoding
     self.stamps = _factory11() if stamps is _FACTORY else stamps
    return __init__


def _m435(_FACTORY, _default10, _default11, _setattr):
    def __init__(self, uri, version, generation, text, path, fmt, config, open_texts, root, encoding, quick=_default10, line_starts=_default11):
     _setattr(self, 'uri', uri)
     _setattr(self, 'version', version)
     _setattr(self, 'generation', generation)
     _setattr(self, 'text', text)
     _setattr(self, 'path', path)
     _setattr(self, 'fmt', fmt)
     _setattr(self, 'config', config)
     _setattr(self, 'open_texts', open_texts)
     _setattr(self, 'root', root)
     _setattr(self, 'encoding', encoding)
     _setattr(self, 'quick', quick)
     _setattr(self, 'line_starts', line_starts)
    return __init__


def _m436(_FACTORY, _cls, _set0, _set1, _set2, _set_class, _setattr, _twin):
    def __init__(self, value, source, segments):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.value = value
      self.source = source
      self.segments = segments
      self.__class__ = _cls
     else:
      _set0(self, value)
      _set1(self, source)
      _set2(self, segments)
    return __init__


def _m437(_FACTORY, _set0, _set1, _setattr):
    def __init__(self, value, span):
     _set0(self, value)
     _set1(self, span)
    return __init__


def _m438(_FACTORY, _default6, _setattr):
    def __init__(self, value, style, tag, start, end, raw_end, size=_default6):
     self.value = value
     self.style = style
     self.tag = tag
     self.start = start
     self.end = end
     self.raw_end = raw_end
     self.size = size
    return __init__


def _m439(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set_class, _setattr, _twin):
    def __init__(self, variable, op, values, negated, compare):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.variable = variable
      self.op = op
      self.values = values
      self.negated = negated
      self.compare = compare
      self.__class__ = _cls
     else:
      _set0(self, variable)
      _set1(self, op)
      _set2(self, values)
      _set3(self, negated)
      _set4(self, compare)
    return __init__


def _m440(_FACTORY, _setattr):
    def __init__(self, waves, completed, failed, all_complete):
     self.waves = waves
     self.completed = completed
     self.failed = failed
     self.all_complete = all_complete
    return __init__


def _m441(_FACTORY, _default10, _setattr):
    def __init__(self, waves, user_waves, starts, completed, failed, blocked, on_hold, not_run, stopped_by_failure, all_complete, refused=_default10):
     self.waves = waves
     self.user_waves = user_waves
     self.starts = starts
     self.completed = completed
     self.failed = failed
     self.blocked = blocked
     self.on_hold = on_hold
     self.not_run = not_run
     self.stopped_by_failure = stopped_by_failure
     self.all_complete = all_complete
     self.refused = refused
    return __init__


def _m442(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set_class, _setattr, _twin):
    def __init__(self, what, node, fields, branch):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.what = what
      self.node = node
      self.fields = fields
      self.branch = branch
      self.__class__ = _cls
     else:
      _set0(self, what)
      _set1(self, node)
      _set2(self, fields)
      _set3(self, branch)
    return __init__


def _m443(_FACTORY, _cls, _set0, _set1, _set2, _set3, _set4, _set5, _set_class, _setattr, _twin):
    def __init__(self, words, redirects, start, end, certain, piped):
     if self.__class__ is _cls:
      _set_class(self, _twin)
      self.words = words
      self.redirects = redirects
      self.start = start
      self.end = end
      self.certain = certain
      self.piped = piped
      self.__class__ = _cls
     else:
      _set0(self, words)
      _set1(self, redirects)
      _set2(self, start)
      _set3(self, end)
      _set4(self, certain)
      _set5(self, piped)
    return __init__


def _m444(_FACTORY, _factory1, _setattr):
    def __init__(self, workflow, diagnostics=_FACTORY):
     self.workflow = workflow
     self.diagnostics = _factory1() if diagnostics is _FACTORY else diagnostics
    return __init__


def _m445(_FACTORY, _factory1, _factory2, _setattr):
    def __init__(self, workflow, items=_FACTORY, visits=_FACTORY):
     self.workflow = workflow
     self.items = _factory1() if items is _FACTORY else items
     self.visits = _factory2() if visits is _FACTORY else visits
    return __init__


def _m446(_FACTORY, _factory6, _factory7, _setattr):
    def __init__(self, workflow, shape, fires, complete, succeeds, findings, edge_ids=_FACTORY, proven_dead=_FACTORY):
     self.workflow = workflow
     self.shape = shape
     self.fires = fires
     self.complete = complete
     self.succeeds = succeeds
     self.findings = findings
     self.edge_ids = _factory6() if edge_ids is _FACTORY else edge_ids
     self.proven_dead = _factory7() if proven_dead is _FACTORY else proven_dead
    return __init__


METHODS = {
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.before,self.after,self.head,self.tail,) == (other.before,other.after,other.head,other.tail,)\n return NotImplemented': _m0,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.branches,self.join,) == (other.branches,other.join,)\n return NotImplemented': _m1,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.candidate,self.plan,self.crash,) == (other.candidate,other.plan,other.crash,)\n return NotImplemented': _m2,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.case,self.observed,self.failures,self.disagreement,self.error,self.seconds,self.evaluations,) == (other.case,other.observed,other.failures,other.disagreement,other.error,other.seconds,other.evaluations,)\n return NotImplemented': _m3,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.chain,self.child,self.depth,) == (other.chain,other.child,other.depth,)\n return NotImplemented': _m4,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.changes,self.only_original,self.only_converted,) == (other.changes,other.only_original,other.only_converted,)\n return NotImplemented': _m5,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.choice,self.stdout_given,self.once,) == (other.choice,other.stdout_given,other.once,)\n return NotImplemented': _m6,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.code,self.level,self.message,self.line,self.column,self.end_line,self.end_column,self.replacements,) == (other.code,other.level,other.message,other.line,other.column,other.end_line,other.end_column,other.replacements,)\n return NotImplemented': _m7,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.code,self.link,self.detail,) == (other.code,other.link,other.detail,)\n return NotImplemented': _m8,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.code,self.name,self.count,self.safe_fixes,self.unsafe_fixes,) == (other.code,other.name,other.count,other.safe_fixes,other.unsafe_fixes,)\n return NotImplemented': _m9,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.code,self.name,self.severity,self.summary,self.rationale,self.example,self.fix,self.check,self.formats,self.enabled,self.fix_availability,self.since,self.targets,self.fix_formats,) == (other.code,other.name,other.severity,other.summary,other.rationale,other.example,other.fix,other.check,other.formats,other.enabled,other.fix_availability,other.since,other.targets,other.fix_formats,)\n return NotImplemented': _m10,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.code,self.severity,self.message,self.span,self.related,self.fix,self.help,) == (other.code,other.severity,other.message,other.span,other.related,other.fix,other.help,)\n return NotImplemented': _m11,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.code,self.span,self.lines,self.file_wide,self.rules,self.removal,self.used,) == (other.code,other.span,other.lines,other.file_wide,other.rules,other.removal,other.used,)\n return NotImplemented': _m12,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.context,) == (other.context,)\n return NotImplemented': _m13,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.covered,self.at,) == (other.covered,other.at,)\n return NotImplemented': _m14,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.debounce,self.select,self.ignore,self.target,self.inlay_hints,self.problems,) == (other.debounce,other.select,other.ignore,other.target,other.inlay_hints,other.problems,)\n return NotImplemented': _m15,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.description,self.edits,self.safe,) == (other.description,other.edits,other.safe,)\n return NotImplemented': _m16,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.digest,self.workflow,self.problem,self.reads,) == (other.digest,other.workflow,other.problem,other.reads,)\n return NotImplemented': _m17,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.dippin_passes,self.dippin_failures,self.dippin_path,self.dippin_status,self.where,self.why,) == (other.dippin_passes,other.dippin_failures,other.dippin_path,other.dippin_status,other.where,other.why,)\n return NotImplemented': _m18,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.edge,self.reason,self.rejected,self.tiebreak,self.error,) == (other.edge,other.reason,other.rejected,other.tiebreak,other.error,)\n return NotImplemented': _m19,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.edge,self.test,) == (other.edge,other.test,)\n return NotImplemented': _m20,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.edge,self.why,) == (other.edge,other.why,)\n return NotImplemented': _m21,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.edges,self.redirects,self.visited,self.failed,self.title,) == (other.edges,other.redirects,other.visited,other.failed,other.title,)\n return NotImplemented': _m22,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.entries,self.problems,self.malformed,) == (other.entries,other.problems,other.malformed,)\n return NotImplemented': _m23,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.expand,self.direction,) == (other.expand,other.direction,)\n return NotImplemented': _m24,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.expr,self.error,self.error_start,self.error_end,) == (other.expr,other.error,other.error_start,other.error_end,)\n return NotImplemented': _m25,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.expr,self.start,self.end,) == (other.expr,other.start,other.end,)\n return NotImplemented': _m26,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.fd,self.op,self.target,) == (other.fd,other.op,other.target,)\n return NotImplemented': _m27,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.field,self.type,self.doc,self.handlers,) == (other.field,other.type,other.doc,other.handlers,)\n return NotImplemented': _m28,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.fill,self.color,self.font,self.width,self.line,) == (other.fill,other.color,other.font,other.width,other.line,)\n return NotImplemented': _m29,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.form,self.name,self.field,self.start,self.end,self.name_start,self.outer_start,self.outer_end,self.problem,) == (other.form,other.name,other.field,other.start,other.end,other.name_start,other.outer_start,other.outer_end,other.problem,)\n return NotImplemented': _m30,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.group,self.severity,self.why,) == (other.group,other.severity,other.why,)\n return NotImplemented': _m31,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.groups,self.raw_blocks,self.problems,self.ignored,self.over_limit,self.count,) == (other.groups,other.raw_blocks,other.problems,other.ignored,other.over_limit,other.count,)\n return NotImplemented': _m32,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.id,self.id_span,self.span,self.attrs,self.declared,self.classes,) == (other.id,other.id_span,other.span,other.attrs,other.declared,other.classes,)\n return NotImplemented': _m33,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.id,self.kind,self.handler,self.fields,self.branches,self.join,self.line,) == (other.id,other.kind,other.handler,other.fields,other.branches,other.join,other.line,)\n return NotImplemented': _m34,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.id,self.kind,self.id_span,self.kind_span,self.span,self.fields,self.members,self.branches,self.handler,) == (other.id,other.kind,other.id_span,other.kind_span,other.span,other.fields,other.members,other.branches,other.handler,)\n return NotImplemented': _m35,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.inner,self.start,self.end,) == (other.inner,other.start,other.end,)\n return NotImplemented': _m36,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.key,self.key_span,self.value,self.span,) == (other.key,other.key_span,other.value,other.span,)\n return NotImplemented': _m37,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.key,self.key_span,self.value,self.value_span,self.quoted,self.token_type,self.inherited,) == (other.key,other.key_span,other.value,other.value_span,other.quoted,other.token_type,other.inherited,)\n return NotImplemented': _m38,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.key,self.key_span,self.value,self.value_span,self.span,self.block,self.quoted,self.children,self.included,) == (other.key,other.key_span,other.value,other.value_span,other.span,other.block,other.quoted,other.children,other.included,)\n return NotImplemented': _m39,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.key,self.label,self.handler,self.look,self.tooltip,self.cluster,self.note,) == (other.key,other.label,other.handler,other.look,other.tooltip,other.cluster,other.note,)\n return NotImplemented': _m40,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.key,self.label,self.parent,self.look,self.tooltip,) == (other.key,other.label,other.parent,other.look,other.tooltip,)\n return NotImplemented': _m41,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.key,self.line,self.column,self.message,self.expected,self.actual,self.decision,self.side_by_side,) == (other.key,other.line,other.column,other.message,other.expected,other.actual,other.decision,other.side_by_side,)\n return NotImplemented': _m42,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.key,self.start,self.end,self.clause,) == (other.key,other.start,other.end,other.clause,)\n return NotImplemented': _m43,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.key,self.value,self.line,self.column,) == (other.key,other.value,other.line,other.column,)\n return NotImplemented': _m44,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.kind,self.key,self.span,self.owner,self.attribute,self.origin,self.node,self.node_span,self.explicit,self.namespace,) == (other.kind,other.key,other.span,other.owner,other.attribute,other.origin,other.node,other.node_span,other.explicit,other.namespace,)\n return NotImplemented': _m45,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.kind,self.name,self.span,self.role,self.owner,self.after,self.scope,self.detail,) == (other.kind,other.name,other.span,other.role,other.owner,other.after,other.scope,other.detail,)\n return NotImplemented': _m46,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.kind,self.node,self.label,self.line,self.column,self.hits,self.reached,self.key,) == (other.kind,other.node,other.label,other.line,other.column,other.hits,other.reached,other.key,)\n return NotImplemented': _m47,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.kind,self.subject,self.detail,self.line,) == (other.kind,other.subject,other.detail,other.line,)\n return NotImplemented': _m48,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.kind,self.what,self.subject,self.detail,self.old,self.new,self.old_line,self.new_line,) == (other.kind,other.what,other.subject,other.detail,other.old,other.new,other.old_line,other.new_line,)\n return NotImplemented': _m49,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.label,self.path,self.text,self.reader,) == (other.label,other.path,other.text,other.reader,)\n return NotImplemented': _m50,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.left,self.op,self.op_start,self.op_end,self.right,self.negated,self.start,self.end,) == (other.left,other.op,other.op_start,other.op_end,other.right,other.negated,other.start,other.end,)\n return NotImplemented': _m51,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.left,self.op,self.right,self.negated,) == (other.left,other.op,other.right,other.negated,)\n return NotImplemented': _m52,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.level,self.source,self.skipped,) == (other.level,other.source,other.skipped,)\n return NotImplemented': _m53,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.line,self.column,self.message,) == (other.line,other.column,other.message,)\n return NotImplemented': _m54,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.lines,self.start,self.trailing,) == (other.lines,other.start,other.trailing,)\n return NotImplemented': _m55,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.major,self.minor,) == (other.major,other.minor,)\n return NotImplemented': _m56,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.maps,) == (other.maps,)\n return NotImplemented': _m57,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.matches,self.fallback,self.unbalanced,) == (other.matches,other.fallback,other.unbalanced,)\n return NotImplemented': _m58,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.max_parallel,self.outcomes,) == (other.max_parallel,other.outcomes,)\n return NotImplemented': _m59,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.message,self.start,self.end,) == (other.message,other.start,other.end,)\n return NotImplemented': _m60,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.name,self.description,self.models,self.aliases,self.open,self.families,self.deprecated,self.extra,) == (other.name,other.description,other.models,other.aliases,other.open,other.families,other.deprecated,other.extra,)\n return NotImplemented': _m61,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.name,self.format,self.settings,self.presentation,self.nodes,self.edges,self.setting_lines,) == (other.name,other.format,other.settings,other.presentation,other.nodes,other.edges,other.setting_lines,)\n return NotImplemented': _m62,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.name,self.kind,self.values,self.span,) == (other.name,other.kind,other.values,other.span,)\n return NotImplemented': _m63,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.name,self.line,self.column,self.expectations,self.scenario,self.dippin,self.notes,self.plan,) == (other.name,other.line,other.column,other.expectations,other.scenario,other.dippin,other.notes,other.plan,)\n return NotImplemented': _m64,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.name,self.start,self.end,) == (other.name,other.start,other.end,)\n return NotImplemented': _m65,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.name,self.title,self.direction,self.boxes,self.arrows,self.clusters,self.looks,self.graph_attrs,self.edge_font_size,self.edge_font_color,) == (other.name,other.title,other.direction,other.boxes,other.arrows,other.clusters,other.looks,other.graph_attrs,other.edge_font_size,other.edge_font_color,)\n return NotImplemented': _m66,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.name,self.type,self.attrs,self.span,) == (other.name,other.type,other.attrs,other.span,)\n return NotImplemented': _m67,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.new,self.old,) == (other.new,other.old,)\n return NotImplemented': _m68,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.node,self.branches,self.join,) == (other.node,other.branches,other.join,)\n return NotImplemented': _m69,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.node,self.ctx,self.completed,self.outcomes,self.retries,self.visits,self.restarts,self.fallback_taken,self.gate_fallback,self.gate_recheck,self.covered,self.overridden,self.steps,) == (other.node,other.ctx,other.completed,other.outcomes,other.retries,other.visits,other.restarts,other.fallback_taken,other.gate_fallback,other.gate_recheck,other.covered,other.overridden,other.steps,)\n return NotImplemented': _m70,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.node,self.handler,self.outcome,self.attempt,self.edge,self.writes,self.notes,self.within,self.depth,self.text,self.model_node,) == (other.node,other.handler,other.outcome,other.attempt,other.edge,other.writes,other.notes,other.within,other.depth,other.text,other.model_node,)\n return NotImplemented': _m71,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.node,self.key,self.item,) == (other.node,other.key,other.item,)\n return NotImplemented': _m72,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.node,self.rule,self.target,self.why,self.outcome,self.index,) == (other.node,other.rule,other.target,other.why,other.outcome,other.index,)\n return NotImplemented': _m73,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.node,self.text,self.masked,) == (other.node,other.text,other.masked,)\n return NotImplemented': _m74,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.node_defaults,self.edge_defaults,self.created,self.label,) == (other.node_defaults,other.edge_defaults,other.created,other.label,)\n return NotImplemented': _m75,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.nodes,self.edges,self.rest,) == (other.nodes,other.edges,other.rest,)\n return NotImplemented': _m76,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.nodes,self.skipped,self.cleared,) == (other.nodes,other.skipped,other.cleared,)\n return NotImplemented': _m77,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.nodes,self.work,) == (other.nodes,other.work,)\n return NotImplemented': _m78,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.number,self.indent,self.text,) == (other.number,other.indent,other.text,)\n return NotImplemented': _m79,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.old,self.new,self.changes,self.effects,) == (other.old,other.new,other.changes,other.effects,)\n return NotImplemented': _m80,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.op,self.items,self.start,self.end,self.symbols,) == (other.op,other.items,other.start,other.end,other.symbols,)\n return NotImplemented': _m81,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.open_start,self.open_end,self.body_start,self.body_end,self.close_start,self.close_end,self.info,) == (other.open_start,other.open_end,other.body_start,other.body_end,other.close_start,other.close_end,other.info,)\n return NotImplemented': _m82,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.outcome,self.label,self.text,self.stdout,self.stderr,self.exit_code,self.writes,self.cycles,self.marker,self.why,) == (other.outcome,other.label,other.text,other.stdout,other.stderr,other.exit_code,other.writes,other.cycles,other.marker,other.why,)\n return NotImplemented': _m83,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.own,self.foreign,) == (other.own,other.foreign,)\n return NotImplemented': _m84,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.pace,self.start,self.end,self.what,) == (other.pace,other.start,other.end,other.what,)\n return NotImplemented': _m85,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.pairs,self.branch,) == (other.pairs,other.branch,)\n return NotImplemented': _m86,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.pairs,self.removed,self.added,) == (other.pairs,other.removed,other.added,)\n return NotImplemented': _m87,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.parallel,self.branches,self.join,self.lossy,self.policy,) == (other.parallel,other.branches,other.join,other.lossy,other.policy,)\n return NotImplemented': _m88,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.parents,self.provided,self.read_above,self.child_hint,self.bound,) == (other.parents,other.provided,other.read_above,other.child_hint,other.bound,)\n return NotImplemented': _m89,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.context,self.nodes,self.max_steps,) == (other.path,other.context,other.nodes,other.max_steps,)\n return NotImplemented': _m90,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.graph,self.machine,self.scenario,self.config,self.diagnostics,) == (other.path,other.graph,other.machine,other.scenario,other.config,other.diagnostics,)\n return NotImplemented': _m91,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.kind,self.tree,self.items,self.workflow,self.warnings,) == (other.path,other.kind,other.tree,other.items,other.workflow,other.warnings,)\n return NotImplemented': _m92,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.kind,self.workflow,self.results,self.error,self.warnings,self.prepared,) == (other.path,other.kind,other.workflow,other.results,other.error,other.warnings,other.prepared,)\n return NotImplemented': _m93,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.kind,self.workflow,self.tests,self.warnings,) == (other.path,other.kind,other.workflow,other.tests,other.warnings,)\n return NotImplemented': _m94,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.original,self.text,self.result,self.applied,self.rejected,self.breaks,self.passes,self.converged,self.named,) == (other.path,other.original,other.text,other.result,other.applied,other.rejected,other.breaks,other.passes,other.converged,other.named,)\n return NotImplemented': _m95,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.plan,self.diagnostics,self.warnings,) == (other.path,other.plan,other.diagnostics,other.warnings,)\n return NotImplemented': _m96,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.source,self.workflow,self.diagnostics,self.dependencies,self.not_a_workflow,) == (other.path,other.source,other.workflow,other.diagnostics,other.dependencies,other.not_a_workflow,)\n return NotImplemented': _m97,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.status,self.message,self.decisions,) == (other.path,other.status,other.message,other.decisions,)\n return NotImplemented': _m98,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.path,self.workflow,self.node,) == (other.path,other.workflow,other.node,)\n return NotImplemented': _m99,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.paths,self.states,self.truncated,self.halted,self.capped,self.taken_edges,self.stuck,self.routed,self.gate_checks,self.restart_edges,self.succeeded,self.exhausted_restarts,self.fewest_restarts,) == (other.paths,other.states,other.truncated,other.halted,other.capped,other.taken_edges,other.stuck,other.routed,other.gate_checks,other.restart_edges,other.succeeded,other.exhausted_restarts,other.fewest_restarts,)\n return NotImplemented': _m100,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.plan_map,self.tdd,self.plan_map_max,) == (other.plan_map,other.tdd,other.plan_map_max,)\n return NotImplemented': _m101,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.problems,self.lines,) == (other.problems,other.lines,)\n return NotImplemented': _m102,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.provider,self.family,self.selector,self.model,self.problem,) == (other.provider,other.family,other.selector,other.model,other.problem,)\n return NotImplemented': _m103,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.providers,) == (other.providers,)\n return NotImplemented': _m104,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.raw,self.text,self.span,self.expr,self.error,self.error_start,self.error_end,self.shorthand,) == (other.raw,other.text,other.span,other.expr,other.error,other.error_start,other.error_end,other.shorthand,)\n return NotImplemented': _m105,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.ref,self.key,self.after,self.where,) == (other.ref,other.key,other.after,other.where,)\n return NotImplemented': _m106,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.ref,self.key,self.edge,self.loop,self.writers,self.sometimes,) == (other.ref,other.key,other.edge,other.loop,other.writers,other.sometimes,)\n return NotImplemented': _m107,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.ref,self.path,self.workflow,self.problem,self.missing,self.special,self.outside,) == (other.ref,other.path,other.workflow,other.problem,other.missing,other.special,other.outside,)\n return NotImplemented': _m108,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.route,self.edge,self.target,self.origin,self.rest,) == (other.route,other.edge,other.target,other.origin,other.rest,)\n return NotImplemented': _m109,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.section,self.match,self.message,self.codes,self.reason,) == (other.section,other.match,other.message,other.codes,other.reason,)\n return NotImplemented': _m110,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.select,self.extend_select,self.ignore,self.per_file_ignores,self.exclude,self.include,self.severity,self.fail_on,self.target,self.dialects,self.extra_models,self.ordewell_runners,self.format_exclude,self.path,self.root,) == (other.select,other.extend_select,other.ignore,other.per_file_ignores,other.exclude,other.include,other.severity,other.fail_on,other.target,other.dialects,other.extra_models,other.ordewell_runners,other.format_exclude,other.path,other.root,)\n return NotImplemented': _m111,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.selection,self.rejected,self.reason,self.why,) == (other.selection,other.rejected,other.reason,other.why,)\n return NotImplemented': _m112,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.selectors,self.properties,self.problems,) == (other.selectors,other.properties,other.problems,)\n return NotImplemented': _m113,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.source,self.error,) == (other.source,other.error,)\n return NotImplemented': _m114,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.source,self.format,self.name,self.decl_span,self.version,self.header,self.defaults,self.vars,self.inputs,self.nodes,self.edges,self.else_target,self.else_span,self.stylesheet,self.references,self.sources,self.dialect,self.selectors,self.mentions,self.plan,self.ends,) == (other.source,other.format,other.name,other.decl_span,other.version,other.header,other.defaults,other.vars,other.inputs,other.nodes,other.edges,other.else_target,other.else_span,other.stylesheet,other.references,other.sources,other.dialect,other.selectors,other.mentions,other.plan,other.ends,)\n return NotImplemented': _m115,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.source,self.target,self.condition,self.key,self.label,self.choice,self.weight,self.back,self.override,self.implicit,self.line,) == (other.source,other.target,other.condition,other.key,other.label,other.choice,other.weight,other.back,other.override,other.implicit,other.line,)\n return NotImplemented': _m116,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.source,self.target,self.label,self.look,self.tooltip,self.constraint,) == (other.source,other.target,other.label,other.look,other.tooltip,other.constraint,)\n return NotImplemented': _m117,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.source,self.target,self.reason,self.why,self.edge,self.rejected,self.restart,self.override,self.restart_why,) == (other.source,other.target,other.reason,other.why,other.edge,other.rejected,other.restart,other.override,other.restart_why,)\n return NotImplemented': _m118,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.source,self.target,self.span,self.attrs,) == (other.source,other.target,other.span,other.attrs,)\n return NotImplemented': _m119,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.source,self.target,self.span,self.condition,self.attrs,self.implicit,) == (other.source,other.target,other.span,other.condition,other.attrs,other.implicit,)\n return NotImplemented': _m120,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.span,self.directive,self.problems,self.kind,self.rewrite,self.lines,self.file_wide,self.removal,) == (other.span,other.directive,other.problems,other.kind,other.rewrite,other.lines,other.file_wide,other.removal,)\n return NotImplemented': _m121,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.span,self.message,) == (other.span,other.message,)\n return NotImplemented': _m122,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.span,self.message,self.code,self.severity,) == (other.span,other.message,other.code,other.severity,)\n return NotImplemented': _m123,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.span,self.text,) == (other.span,other.text,)\n return NotImplemented': _m124,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.stamp,self.included,self.symbols,) == (other.stamp,other.included,other.symbols,)\n return NotImplemented': _m125,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.start,self.end,self.message,) == (other.start,other.end,other.message,)\n return NotImplemented': _m126,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.start,self.end,self.type,self.modifiers,self.priority,) == (other.start,other.end,other.type,other.modifiers,other.priority,)\n return NotImplemented': _m127,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.start,self.end,self.what,) == (other.start,other.end,other.what,)\n return NotImplemented': _m128,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.statement,self.pattern,) == (other.statement,other.pattern,)\n return NotImplemented': _m129,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.status,self.message,self.node,self.error,self.cause,self.rejected,) == (other.status,other.message,other.node,other.error,other.cause,other.rejected,)\n return NotImplemented': _m130,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.status,self.updates,self.preferred,self.suggested,self.error,self.limit,self.notes,self.nested,self.override_ok,self.child_overridden,) == (other.status,other.updates,other.preferred,other.suggested,other.error,other.limit,other.notes,other.nested,other.override_ok,other.child_overridden,)\n return NotImplemented': _m131,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.steps,self.end,) == (other.steps,other.end,)\n return NotImplemented': _m132,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.steps,self.end,self.ctx,self.top,self.flat,) == (other.steps,other.end,other.ctx,other.top,other.flat,)\n return NotImplemented': _m133,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.steps,self.nodes,self.key,self.reader,self.steps_run,self.productions,self.producers,) == (other.steps,other.nodes,other.key,other.reader,other.steps_run,other.productions,other.producers,)\n return NotImplemented': _m134,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.steps,self.state,self.end,self.taken,self.label,self.gates,) == (other.steps,other.state,other.end,other.taken,other.label,other.gates,)\n return NotImplemented': _m135,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.structure,self.content,self.line,) == (other.structure,other.content,other.line,)\n return NotImplemented': _m136,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.suggestions,self.unreached,self.taken,self.untried,self.max_seconds,) == (other.suggestions,other.unreached,other.taken,other.untried,other.max_seconds,)\n return NotImplemented': _m137,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.target,self.fields,self.span,) == (other.target,other.fields,other.span,)\n return NotImplemented': _m138,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.task,self.start,self.end,self.how,) == (other.task,other.start,other.end,other.how,)\n return NotImplemented': _m139,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.task,self.wave,self.receives,self.without_output,self.indirect_mask,) == (other.task,other.wave,other.receives,other.without_output,other.indirect_mask,)\n return NotImplemented': _m140,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.text,self.content,) == (other.text,other.content,)\n return NotImplemented': _m141,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.text,self.negations,self.left,self.op,self.right_raw,) == (other.text,other.negations,other.left,other.op,other.right_raw,)\n return NotImplemented': _m142,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.text,self.notes,) == (other.text,other.notes,)\n return NotImplemented': _m143,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.text,self.parts,) == (other.text,other.parts,)\n return NotImplemented': _m144,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.text,self.start,self.end,) == (other.text,other.start,other.end,)\n return NotImplemented': _m145,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.text,self.start,self.end,self.quoted,) == (other.text,other.start,other.end,other.quoted,)\n return NotImplemented': _m146,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.text,self.start,self.end,self.value,self.expands,) == (other.text,other.start,other.end,other.value,other.expands,)\n return NotImplemented': _m147,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.text,self.target,self.path,self.notes,self.parity,self.converted,) == (other.text,other.target,other.path,other.notes,other.parity,other.converted,)\n return NotImplemented': _m148,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.tokens,self.strings,self.problems,self.comments,self.over_limit,self.count,self.marked,) == (other.tokens,other.strings,other.problems,other.comments,other.over_limit,other.count,other.marked,)\n return NotImplemented': _m149,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.type,self.doc,) == (other.type,other.doc,)\n return NotImplemented': _m150,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.uri,self.version,self.generation,self.text,self.path,self.fmt,self.config,self.open_texts,self.root,self.encoding,self.quick,self.line_starts,) == (other.uri,other.version,other.generation,other.text,other.path,other.fmt,other.config,other.open_texts,other.root,other.encoding,other.quick,other.line_starts,)\n return NotImplemented': _m151,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.value,self.source,self.segments,) == (other.value,other.source,other.segments,)\n return NotImplemented': _m152,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.value,self.span,) == (other.value,other.span,)\n return NotImplemented': _m153,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.variable,self.op,self.values,self.negated,self.compare,) == (other.variable,other.op,other.values,other.negated,other.compare,)\n return NotImplemented': _m154,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.waves,self.completed,self.failed,self.all_complete,) == (other.waves,other.completed,other.failed,other.all_complete,)\n return NotImplemented': _m155,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.waves,self.user_waves,self.starts,self.completed,self.failed,self.blocked,self.on_hold,self.not_run,self.stopped_by_failure,self.all_complete,self.refused,) == (other.waves,other.user_waves,other.starts,other.completed,other.failed,other.blocked,other.on_hold,other.not_run,other.stopped_by_failure,other.all_complete,other.refused,)\n return NotImplemented': _m156,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.what,self.node,self.fields,self.branch,) == (other.what,other.node,other.fields,other.branch,)\n return NotImplemented': _m157,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.words,self.redirects,self.start,self.end,self.certain,self.piped,) == (other.words,other.redirects,other.start,other.end,other.certain,other.piped,)\n return NotImplemented': _m158,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.workflow,self.diagnostics,) == (other.workflow,other.diagnostics,)\n return NotImplemented': _m159,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.workflow,self.items,self.visits,) == (other.workflow,other.items,other.visits,)\n return NotImplemented': _m160,
    'def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return (self.workflow,self.shape,self.fires,self.complete,self.succeeds,self.findings,self.edge_ids,self.proven_dead,) == (other.workflow,other.shape,other.fires,other.complete,other.succeeds,other.findings,other.edge_ids,other.proven_dead,)\n return NotImplemented': _m161,
    'def __hash__(self):\n return hash((self.branches,self.join,))': _m162,
    'def __hash__(self):\n return hash((self.chain,self.child,self.depth,))': _m163,
    'def __hash__(self):\n return hash((self.code,self.level,self.message,self.line,self.column,self.end_line,self.end_column,self.replacements,))': _m164,
    'def __hash__(self):\n return hash((self.code,self.link,self.detail,))': _m165,
    'def __hash__(self):\n return hash((self.code,self.name,self.severity,self.summary,self.rationale,self.example,self.fix,self.check,self.formats,self.enabled,self.fix_availability,self.since,self.targets,self.fix_formats,))': _m166,
    'def __hash__(self):\n return hash((self.code,self.severity,self.message,self.span,self.related,self.fix,self.help,))': _m167,
    'def __hash__(self):\n return hash((self.description,self.edits,self.safe,))': _m168,
    'def __hash__(self):\n return hash((self.digest,self.workflow,self.problem,self.reads,))': _m169,
    'def __hash__(self):\n return hash((self.edge,self.reason,self.rejected,self.tiebreak,self.error,))': _m170,
    'def __hash__(self):\n return hash((self.edge,self.why,))': _m171,
    'def __hash__(self):\n return hash((self.expand,self.direction,))': _m172,
    'def __hash__(self):\n return hash((self.expr,self.error,self.error_start,self.error_end,))': _m173,
    'def __hash__(self):\n return hash((self.expr,self.start,self.end,))': _m174,
    'def __hash__(self):\n return hash((self.fd,self.op,self.target,))': _m175,
    'def __hash__(self):\n return hash((self.field,self.type,self.doc,self.handlers,))': _m176,
    'def __hash__(self):\n return hash((self.fill,self.color,self.font,self.width,self.line,))': _m177,
    'def __hash__(self):\n return hash((self.form,self.name,self.field,self.start,self.end,self.name_start,self.outer_start,self.outer_end,self.problem,))': _m178,
    'def __hash__(self):\n return hash((self.group,self.severity,self.why,))': _m179,
    'def __hash__(self):\n return hash((self.id,self.kind,self.handler,self.fields,self.branches,self.join,self.line,))': _m180,
    'def __hash__(self):\n return hash((self.id,self.kind,self.id_span,self.kind_span,self.span,self.fields,self.members,self.branches,self.handler,))': _m181,
    'def __hash__(self):\n return hash((self.inner,self.start,self.end,))': _m182,
    'def __hash__(self):\n return hash((self.key,self.key_span,self.value,self.span,))': _m183,
    'def __hash__(self):\n return hash((self.key,self.key_span,self.value,self.value_span,self.quoted,self.token_type,self.inherited,))': _m184,
    'def __hash__(self):\n return hash((self.key,self.key_span,self.value,self.value_span,self.span,self.block,self.quoted,self.children,self.included,))': _m185,
    'def __hash__(self):\n return hash((self.key,self.start,self.end,self.clause,))': _m186,
    'def __hash__(self):\n return hash((self.key,self.value,self.line,self.column,))': _m187,
    'def __hash__(self):\n return hash((self.kind,self.key,self.span,self.owner,self.attribute,self.origin,self.node,self.node_span,self.explicit,self.namespace,))': _m188,
    'def __hash__(self):\n return hash((self.kind,self.name,self.span,self.role,self.owner,self.after,self.scope,self.detail,))': _m189,
    'def __hash__(self):\n return hash((self.kind,self.subject,self.detail,self.line,))': _m190,
    'def __hash__(self):\n return hash((self.kind,self.what,self.subject,self.detail,self.old,self.new,self.old_line,self.new_line,))': _m191,
    'def __hash__(self):\n return hash((self.label,self.path,self.text,self.reader,))': _m192,
    'def __hash__(self):\n return hash((self.left,self.op,self.op_start,self.op_end,self.right,self.negated,self.start,self.end,))': _m193,
    'def __hash__(self):\n return hash((self.left,self.op,self.right,self.negated,))': _m194,
    'def __hash__(self):\n return hash((self.level,self.source,self.skipped,))': _m195,
    'def __hash__(self):\n return hash((self.line,self.column,self.message,))': _m196,
    'def __hash__(self):\n return hash((self.lines,self.start,self.trailing,))': _m197,
    'def __hash__(self):\n return hash((self.major,self.minor,))': _m198,
    'def __hash__(self):\n return hash((self.maps,))': _m199,
    'def __hash__(self):\n return hash((self.matches,self.fallback,self.unbalanced,))': _m200,
    'def __hash__(self):\n return hash((self.max_parallel,self.outcomes,))': _m201,
    'def __hash__(self):\n return hash((self.message,self.start,self.end,))': _m202,
    'def __hash__(self):\n return hash((self.name,self.description,self.models,self.aliases,self.open,self.families,self.deprecated,self.extra,))': _m203,
    'def __hash__(self):\n return hash((self.name,self.kind,self.values,self.span,))': _m204,
    'def __hash__(self):\n return hash((self.name,self.start,self.end,))': _m205,
    'def __hash__(self):\n return hash((self.name,self.type,self.attrs,self.span,))': _m206,
    'def __hash__(self):\n return hash((self.new,self.old,))': _m207,
    'def __hash__(self):\n return hash((self.node,self.branches,self.join,))': _m208,
    'def __hash__(self):\n return hash((self.node,self.handler,self.outcome,self.attempt,self.edge,self.writes,self.notes,self.within,self.depth,self.text,self.model_node,))': _m209,
    'def __hash__(self):\n return hash((self.node,self.key,self.item,))': _m210,
    'def __hash__(self):\n return hash((self.node,self.rule,self.target,self.why,self.outcome,self.index,))': _m211,
    'def __hash__(self):\n return hash((self.node,self.text,self.masked,))': _m212,
    'def __hash__(self):\n return hash((self.nodes,self.skipped,self.cleared,))': _m213,
    'def __hash__(self):\n return hash((self.number,self.indent,self.text,))': _m214,
    'def __hash__(self):\n return hash((self.op,self.items,self.start,self.end,self.symbols,))': _m215,
    'def __hash__(self):\n return hash((self.open_start,self.open_end,self.body_start,self.body_end,self.close_start,self.close_end,self.info,))': _m216,
    'def __hash__(self):\n return hash((self.outcome,self.label,self.text,self.stdout,self.stderr,self.exit_code,self.writes,self.cycles,self.marker,self.why,))': _m217,
    'def __hash__(self):\n return hash((self.pace,self.start,self.end,self.what,))': _m218,
    'def __hash__(self):\n return hash((self.pairs,self.branch,))': _m219,
    'def __hash__(self):\n return hash((self.pairs,self.removed,self.added,))': _m220,
    'def __hash__(self):\n return hash((self.parallel,self.branches,self.join,self.lossy,self.policy,))': _m221,
    'def __hash__(self):\n return hash((self.parents,self.provided,self.read_above,self.child_hint,self.bound,))': _m222,
    'def __hash__(self):\n return hash((self.path,self.workflow,self.node,))': _m223,
    'def __hash__(self):\n return hash((self.plan_map,self.tdd,self.plan_map_max,))': _m224,
    'def __hash__(self):\n return hash((self.provider,self.family,self.selector,self.model,self.problem,))': _m225,
    'def __hash__(self):\n return hash((self.providers,))': _m226,
    'def __hash__(self):\n return hash((self.raw,self.text,self.span,self.expr,self.error,self.error_start,self.error_end,self.shorthand,))': _m227,
    'def __hash__(self):\n return hash((self.ref,self.key,self.after,self.where,))': _m228,
    'def __hash__(self):\n return hash((self.ref,self.key,self.edge,self.loop,self.writers,self.sometimes,))': _m229,
    'def __hash__(self):\n return hash((self.ref,self.path,self.workflow,self.problem,self.missing,self.special,self.outside,))': _m230,
    'def __hash__(self):\n return hash((self.route,self.edge,self.target,self.origin,self.rest,))': _m231,
    'def __hash__(self):\n return hash((self.section,self.match,self.message,self.codes,self.reason,))': _m232,
    'def __hash__(self):\n return hash((self.select,self.extend_select,self.ignore,self.per_file_ignores,self.exclude,self.include,self.severity,self.fail_on,self.target,self.dialects,self.extra_models,self.ordewell_runners,self.format_exclude,self.path,self.root,))': _m233,
    'def __hash__(self):\n return hash((self.selection,self.rejected,self.reason,self.why,))': _m234,
    'def __hash__(self):\n return hash((self.source,self.error,))': _m235,
    'def __hash__(self):\n return hash((self.source,self.format,self.name,self.decl_span,self.version,self.header,self.defaults,self.vars,self.inputs,self.nodes,self.edges,self.else_target,self.else_span,self.stylesheet,self.references,self.sources,self.dialect,self.selectors,self.mentions,self.plan,self.ends,))': _m236,
    'def __hash__(self):\n return hash((self.source,self.target,self.condition,self.key,self.label,self.choice,self.weight,self.back,self.override,self.implicit,self.line,))': _m237,
    'def __hash__(self):\n return hash((self.source,self.target,self.reason,self.why,self.edge,self.rejected,self.restart,self.override,self.restart_why,))': _m238,
    'def __hash__(self):\n return hash((self.source,self.target,self.span,self.condition,self.attrs,self.implicit,))': _m239,
    'def __hash__(self):\n return hash((self.span,self.message,))': _m240,
    'def __hash__(self):\n return hash((self.span,self.message,self.code,self.severity,))': _m241,
    'def __hash__(self):\n return hash((self.span,self.text,))': _m242,
    'def __hash__(self):\n return hash((self.stamp,self.included,self.symbols,))': _m243,
    'def __hash__(self):\n return hash((self.start,self.end,self.message,))': _m244,
    'def __hash__(self):\n return hash((self.start,self.end,self.type,self.modifiers,self.priority,))': _m245,
    'def __hash__(self):\n return hash((self.start,self.end,self.what,))': _m246,
    'def __hash__(self):\n return hash((self.statement,self.pattern,))': _m247,
    'def __hash__(self):\n return hash((self.status,self.message,self.node,self.error,self.cause,self.rejected,))': _m248,
    'def __hash__(self):\n return hash((self.steps,self.nodes,self.key,self.reader,self.steps_run,self.productions,self.producers,))': _m249,
    'def __hash__(self):\n return hash((self.steps,self.state,self.end,self.taken,self.label,self.gates,))': _m250,
    'def __hash__(self):\n return hash((self.target,self.fields,self.span,))': _m251,
    'def __hash__(self):\n return hash((self.task,self.start,self.end,self.how,))': _m252,
    'def __hash__(self):\n return hash((self.text,self.content,))': _m253,
    'def __hash__(self):\n return hash((self.text,self.negations,self.left,self.op,self.right_raw,))': _m254,
    'def __hash__(self):\n return hash((self.text,self.parts,))': _m255,
    'def __hash__(self):\n return hash((self.text,self.start,self.end,))': _m256,
    'def __hash__(self):\n return hash((self.text,self.start,self.end,self.quoted,))': _m257,
    'def __hash__(self):\n return hash((self.text,self.start,self.end,self.value,self.expands,))': _m258,
    'def __hash__(self):\n return hash((self.type,self.doc,))': _m259,
    'def __hash__(self):\n return hash((self.uri,self.version,self.generation,self.text,self.path,self.fmt,self.config,self.open_texts,self.root,self.encoding,self.quick,self.line_starts,))': _m260,
    'def __hash__(self):\n return hash((self.value,self.source,self.segments,))': _m261,
    'def __hash__(self):\n return hash((self.value,self.span,))': _m262,
    'def __hash__(self):\n return hash((self.variable,self.op,self.values,self.negated,self.compare,))': _m263,
    'def __hash__(self):\n return hash((self.what,self.node,self.fields,self.branch,))': _m264,
    'def __hash__(self):\n return hash((self.words,self.redirects,self.start,self.end,self.certain,self.piped,))': _m265,
    'def __init__(self, before=_FACTORY, after=_FACTORY, head=_FACTORY, tail=_FACTORY):\n self.before = _factory0() if before is _FACTORY else before\n self.after = _factory1() if after is _FACTORY else after\n self.head = _factory2() if head is _FACTORY else head\n self.tail = _factory3() if tail is _FACTORY else tail': _m266,
    'def __init__(self, branches, join):\n _set0(self, branches)\n _set1(self, join)': _m267,
    'def __init__(self, candidate, plan, crash=_default2):\n self.candidate = candidate\n self.plan = plan\n self.crash = crash': _m268,
    'def __init__(self, case, observed=_default1, failures=_FACTORY, disagreement=_default3, error=_default4, seconds=_default5, evaluations=_FACTORY):\n self.case = case\n self.observed = observed\n self.failures = _factory2() if failures is _FACTORY else failures\n self.disagreement = disagreement\n self.error = error\n self.seconds = seconds\n self.evaluations = _factory6() if evaluations is _FACTORY else evaluations': _m269,
    'def __init__(self, chain, child, depth):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.chain = chain\n  self.child = child\n  self.depth = depth\n  self.__class__ = _cls\n else:\n  _set0(self, chain)\n  _set1(self, child)\n  _set2(self, depth)': _m270,
    'def __init__(self, changes=_FACTORY, only_original=_FACTORY, only_converted=_FACTORY):\n self.changes = _factory0() if changes is _FACTORY else changes\n self.only_original = _factory1() if only_original is _FACTORY else only_original\n self.only_converted = _factory2() if only_converted is _FACTORY else only_converted': _m271,
    'def __init__(self, choice=_FACTORY, stdout_given=_default1, once=_FACTORY):\n self.choice = _factory0() if choice is _FACTORY else choice\n self.stdout_given = stdout_given\n self.once = _factory2() if once is _FACTORY else once': _m272,
    'def __init__(self, code, level, message, line, column, end_line, end_column, replacements=_default7):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.code = code\n  self.level = level\n  self.message = message\n  self.line = line\n  self.column = column\n  self.end_line = end_line\n  self.end_column = end_column\n  self.replacements = replacements\n  self.__class__ = _cls\n else:\n  _set0(self, code)\n  _set1(self, level)\n  _set2(self, message)\n  _set3(self, line)\n  _set4(self, column)\n  _set5(self, end_line)\n  _set6(self, end_column)\n  _set7(self, replacements)': _m273,
    'def __init__(self, code, link, detail):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.code = code\n  self.link = link\n  self.detail = detail\n  self.__class__ = _cls\n else:\n  _set0(self, code)\n  _set1(self, link)\n  _set2(self, detail)': _m274,
    'def __init__(self, code, name, count, safe_fixes, unsafe_fixes):\n self.code = code\n self.name = name\n self.count = count\n self.safe_fixes = safe_fixes\n self.unsafe_fixes = unsafe_fixes': _m275,
    'def __init__(self, code, name, severity, summary, rationale, example, fix, check=_default7, formats=_default8, enabled=_default9, fix_availability=_default10, since=_default11, targets=_default12, fix_formats=_default13):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.code = code\n  self.name = name\n  self.severity = severity\n  self.summary = summary\n  self.rationale = rationale\n  self.example = example\n  self.fix = fix\n  self.check = check\n  self.formats = formats\n  self.enabled = enabled\n  self.fix_availability = fix_availability\n  self.since = since\n  self.targets = targets\n  self.fix_formats = fix_formats\n  self.__class__ = _cls\n else:\n  _set0(self, code)\n  _set1(self, name)\n  _set2(self, severity)\n  _set3(self, summary)\n  _set4(self, rationale)\n  _set5(self, example)\n  _set6(self, fix)\n  _set7(self, check)\n  _set8(self, formats)\n  _set9(self, enabled)\n  _set10(self, fix_availability)\n  _set11(self, since)\n  _set12(self, targets)\n  _set13(self, fix_formats)': _m276,
    'def __init__(self, code, severity, message, span, related=_default4, fix=_default5, help=_default6, later=_default7):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.code = code\n  self.severity = severity\n  self.message = message\n  self.span = span\n  self.related = related\n  self.fix = fix\n  self.help = help\n  self.later = later\n  self.__class__ = _cls\n else:\n  _set0(self, code)\n  _set1(self, severity)\n  _set2(self, message)\n  _set3(self, span)\n  _set4(self, related)\n  _set5(self, fix)\n  _set6(self, help)\n  _set7(self, later)\n self.__post_init__()': _m277,
    'def __init__(self, code, span, lines, file_wide, rules, removal, used=_default6):\n self.code = code\n self.span = span\n self.lines = lines\n self.file_wide = file_wide\n self.rules = rules\n self.removal = removal\n self.used = used': _m278,
    'def __init__(self, context):\n self.context = context': _m279,
    'def __init__(self, covered=_FACTORY, at=_FACTORY):\n self.covered = _factory0() if covered is _FACTORY else covered\n self.at = _factory1() if at is _FACTORY else at': _m280,
    'def __init__(self, debounce=_default0, select=_default1, ignore=_default2, target=_default3, inlay_hints=_default4, problems=_FACTORY):\n self.debounce = debounce\n self.select = select\n self.ignore = ignore\n self.target = target\n self.inlay_hints = inlay_hints\n self.problems = _factory5() if problems is _FACTORY else problems': _m281,
    'def __init__(self, description, edits, safe=_default2):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.description = description\n  self.edits = edits\n  self.safe = safe\n  self.__class__ = _cls\n else:\n  _set0(self, description)\n  _set1(self, edits)\n  _set2(self, safe)': _m282,
    'def __init__(self, digest, workflow, problem, reads=_default3):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.digest = digest\n  self.workflow = workflow\n  self.problem = problem\n  self.reads = reads\n  self.__class__ = _cls\n else:\n  _set0(self, digest)\n  _set1(self, workflow)\n  _set2(self, problem)\n  _set3(self, reads)': _m283,
    'def __init__(self, dippin_passes, dippin_failures, dippin_path, dippin_status, where, why):\n self.dippin_passes = dippin_passes\n self.dippin_failures = dippin_failures\n self.dippin_path = dippin_path\n self.dippin_status = dippin_status\n self.where = where\n self.why = why': _m284,
    'def __init__(self, edge, reason, rejected=_default2, tiebreak=_default3, error=_default4):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.edge = edge\n  self.reason = reason\n  self.rejected = rejected\n  self.tiebreak = tiebreak\n  self.error = error\n  self.__class__ = _cls\n else:\n  _set0(self, edge)\n  _set1(self, reason)\n  _set2(self, rejected)\n  _set3(self, tiebreak)\n  _set4(self, error)': _m285,
    'def __init__(self, edge, test):\n self.edge = edge\n self.test = test': _m286,
    'def __init__(self, edge, why):\n _set0(self, edge)\n _set1(self, why)': _m287,
    'def __init__(self, edges=_FACTORY, redirects=_FACTORY, visited=_FACTORY, failed=_default3, title=_default4):\n self.edges = _factory0() if edges is _FACTORY else edges\n self.redirects = _factory1() if redirects is _FACTORY else redirects\n self.visited = _factory2() if visited is _FACTORY else visited\n self.failed = failed\n self.title = title': _m288,
    'def __init__(self, entries=_FACTORY, problems=_FACTORY, malformed=_FACTORY):\n self.entries = _factory0() if entries is _FACTORY else entries\n self.problems = _factory1() if problems is _FACTORY else problems\n self.malformed = _factory2() if malformed is _FACTORY else malformed': _m289,
    'def __init__(self, expand=_default0, direction=_default1):\n _set0(self, expand)\n _set1(self, direction)': _m290,
    'def __init__(self, expr, error=_default1, error_start=_default2, error_end=_default3):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.expr = expr\n  self.error = error\n  self.error_start = error_start\n  self.error_end = error_end\n  self.__class__ = _cls\n else:\n  _set0(self, expr)\n  _set1(self, error)\n  _set2(self, error_start)\n  _set3(self, error_end)': _m291,
    'def __init__(self, expr, start, end):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.expr = expr\n  self.start = start\n  self.end = end\n  self.__class__ = _cls\n else:\n  _set0(self, expr)\n  _set1(self, start)\n  _set2(self, end)': _m292,
    'def __init__(self, fd, op, target):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.fd = fd\n  self.op = op\n  self.target = target\n  self.__class__ = _cls\n else:\n  _set0(self, fd)\n  _set1(self, op)\n  _set2(self, target)': _m293,
    'def __init__(self, field, type, doc, handlers=_default3):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.field = field\n  self.type = type\n  self.doc = doc\n  self.handlers = handlers\n  self.__class__ = _cls\n else:\n  _set0(self, field)\n  _set1(self, type)\n  _set2(self, doc)\n  _set3(self, handlers)': _m294,
    'def __init__(self, fill=_default0, color=_default1, font=_default2, width=_default3, line=_default4):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.fill = fill\n  self.color = color\n  self.font = font\n  self.width = width\n  self.line = line\n  self.__class__ = _cls\n else:\n  _set0(self, fill)\n  _set1(self, color)\n  _set2(self, font)\n  _set3(self, width)\n  _set4(self, line)': _m295,
    'def __init__(self, form, name, field, start, end, name_start, outer_start, outer_end, problem=_default8):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.form = form\n  self.name = name\n  self.field = field\n  self.start = start\n  self.end = end\n  self.name_start = name_start\n  self.outer_start = outer_start\n  self.outer_end = outer_end\n  self.problem = problem\n  self.__class__ = _cls\n else:\n  _set0(self, form)\n  _set1(self, name)\n  _set2(self, field)\n  _set3(self, start)\n  _set4(self, end)\n  _set5(self, name_start)\n  _set6(self, outer_start)\n  _set7(self, outer_end)\n  _set8(self, problem)': _m296,
    'def __init__(self, group, severity, why):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.group = group\n  self.severity = severity\n  self.why = why\n  self.__class__ = _cls\n else:\n  _set0(self, group)\n  _set1(self, severity)\n  _set2(self, why)': _m297,
    'def __init__(self, groups, raw_blocks, problems=_FACTORY, ignored=_FACTORY, over_limit=_default4, count=_default5):\n self.groups = groups\n self.raw_blocks = raw_blocks\n self.problems = _factory2() if problems is _FACTORY else problems\n self.ignored = _factory3() if ignored is _FACTORY else ignored\n self.over_limit = over_limit\n self.count = count': _m298,
    'def __init__(self, id, id_span, span, attrs=_FACTORY, declared=_default4, classes=_FACTORY):\n self.id = id\n self.id_span = id_span\n self.span = span\n self.attrs = _factory3() if attrs is _FACTORY else attrs\n self.declared = declared\n self.classes = _factory5() if classes is _FACTORY else classes': _m299,
    'def __init__(self, id, kind, handler, fields, branches=_default4, join=_default5, line=_default6, lines=_FACTORY):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.id = id\n  self.kind = kind\n  self.handler = handler\n  self.fields = fields\n  self.branches = branches\n  self.join = join\n  self.line = line\n  self.lines = _factory7() if lines is _FACTORY else lines\n  self.__class__ = _cls\n else:\n  _set0(self, id)\n  _set1(self, kind)\n  _set2(self, handler)\n  _set3(self, fields)\n  _set4(self, branches)\n  _set5(self, join)\n  _set6(self, line)\n  _set7(self, _factory7() if lines is _FACTORY else lines)': _m300,
    'def __init__(self, id, kind, id_span, kind_span, span, fields=_default5, members=_default6, branches=_default7, handler=_default8):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.id = id\n  self.kind = kind\n  self.id_span = id_span\n  self.kind_span = kind_span\n  self.span = span\n  self.fields = fields\n  self.members = members\n  self.branches = branches\n  self.handler = handler\n  self.__class__ = _cls\n else:\n  _set0(self, id)\n  _set1(self, kind)\n  _set2(self, id_span)\n  _set3(self, kind_span)\n  _set4(self, span)\n  _set5(self, fields)\n  _set6(self, members)\n  _set7(self, branches)\n  _set8(self, handler)\n self.__post_init__()': _m301,
    'def __init__(self, inner, start, end):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.inner = inner\n  self.start = start\n  self.end = end\n  self.__class__ = _cls\n else:\n  _set0(self, inner)\n  _set1(self, start)\n  _set2(self, end)': _m302,
    'def __init__(self, items, flow, tag, start, end=_default4, size=_default5):\n self.items = items\n self.flow = flow\n self.tag = tag\n self.start = start\n self.end = end\n self.size = size': _m303,
    'def __init__(self, key, key_span, value, span):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.key = key\n  self.key_span = key_span\n  self.value = value\n  self.span = span\n  self.__class__ = _cls\n else:\n  _set0(self, key)\n  _set1(self, key_span)\n  _set2(self, value)\n  _set3(self, span)': _m304,
    'def __init__(self, key, key_span, value, value_span, quoted, token_type, inherited=_default6):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.key = key\n  self.key_span = key_span\n  self.value = value\n  self.value_span = value_span\n  self.quoted = quoted\n  self.token_type = token_type\n  self.inherited = inherited\n  self.__class__ = _cls\n else:\n  _set0(self, key)\n  _set1(self, key_span)\n  _set2(self, value)\n  _set3(self, value_span)\n  _set4(self, quoted)\n  _set5(self, token_type)\n  _set6(self, inherited)': _m305,
    'def __init__(self, key, key_span, value, value_span, span, block=_default5, quoted=_default6, children=_default7, included=_default8):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.key = key\n  self.key_span = key_span\n  self.value = value\n  self.value_span = value_span\n  self.span = span\n  self.block = block\n  self.quoted = quoted\n  self.children = children\n  self.included = included\n  self.__class__ = _cls\n else:\n  _set0(self, key)\n  _set1(self, key_span)\n  _set2(self, value)\n  _set3(self, value_span)\n  _set4(self, span)\n  _set5(self, block)\n  _set6(self, quoted)\n  _set7(self, children)\n  _set8(self, included)': _m306,
    'def __init__(self, key, label, handler=_default2, look=_default3, tooltip=_default4, cluster=_default5, note=_default6):\n self.key = key\n self.label = label\n self.handler = handler\n self.look = look\n self.tooltip = tooltip\n self.cluster = cluster\n self.note = note': _m307,
    'def __init__(self, key, label, parent=_default2, look=_default3, tooltip=_default4):\n self.key = key\n self.label = label\n self.parent = parent\n self.look = look\n self.tooltip = tooltip': _m308,
    'def __init__(self, key, line, column, message, expected, actual, decision=_FACTORY, side_by_side=_default7):\n self.key = key\n self.line = line\n self.column = column\n self.message = message\n self.expected = expected\n self.actual = actual\n self.decision = _factory6() if decision is _FACTORY else decision\n self.side_by_side = side_by_side': _m309,
    'def __init__(self, key, start, end, clause):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.key = key\n  self.start = start\n  self.end = end\n  self.clause = clause\n  self.__class__ = _cls\n else:\n  _set0(self, key)\n  _set1(self, start)\n  _set2(self, end)\n  _set3(self, clause)': _m310,
    'def __init__(self, key, value):\n self.key = key\n self.value = value': _m311,
    "def __init__(self, key, value, line, column):\n _setattr(self, 'key', key)\n _setattr(self, 'value', value)\n _setattr(self, 'line', line)\n _setattr(self, 'column', column)": _m312,
    'def __init__(self, kind, key, span, owner, attribute, origin, node=_default6, node_span=_default7, explicit=_default8, namespace=_default9):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.kind = kind\n  self.key = key\n  self.span = span\n  self.owner = owner\n  self.attribute = attribute\n  self.origin = origin\n  self.node = node\n  self.node_span = node_span\n  self.explicit = explicit\n  self.namespace = namespace\n  self.__class__ = _cls\n else:\n  _set0(self, kind)\n  _set1(self, key)\n  _set2(self, span)\n  _set3(self, owner)\n  _set4(self, attribute)\n  _set5(self, origin)\n  _set6(self, node)\n  _set7(self, node_span)\n  _set8(self, explicit)\n  _set9(self, namespace)': _m313,
    'def __init__(self, kind, name, span, role, owner=_default4, after=_default5, scope=_default6, detail=_default7):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.kind = kind\n  self.name = name\n  self.span = span\n  self.role = role\n  self.owner = owner\n  self.after = after\n  self.scope = scope\n  self.detail = detail\n  self.__class__ = _cls\n else:\n  _set0(self, kind)\n  _set1(self, name)\n  _set2(self, span)\n  _set3(self, role)\n  _set4(self, owner)\n  _set5(self, after)\n  _set6(self, scope)\n  _set7(self, detail)': _m314,
    'def __init__(self, kind, node, label, line, column, hits=_default5, reached=_default6, key=_default7):\n self.kind = kind\n self.node = node\n self.label = label\n self.line = line\n self.column = column\n self.hits = hits\n self.reached = reached\n self.key = key': _m315,
    'def __init__(self, kind, subject, detail=_default2, line=_default3):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.kind = kind\n  self.subject = subject\n  self.detail = detail\n  self.line = line\n  self.__class__ = _cls\n else:\n  _set0(self, kind)\n  _set1(self, subject)\n  _set2(self, detail)\n  _set3(self, line)': _m316,
    'def __init__(self, kind, what, subject, detail=_default3, old=_default4, new=_default5, old_line=_default6, new_line=_default7):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.kind = kind\n  self.what = what\n  self.subject = subject\n  self.detail = detail\n  self.old = old\n  self.new = new\n  self.old_line = old_line\n  self.new_line = new_line\n  self.__class__ = _cls\n else:\n  _set0(self, kind)\n  _set1(self, what)\n  _set2(self, subject)\n  _set3(self, detail)\n  _set4(self, old)\n  _set5(self, new)\n  _set6(self, old_line)\n  _set7(self, new_line)': _m317,
    'def __init__(self, label, path, text, reader):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.label = label\n  self.path = path\n  self.text = text\n  self.reader = reader\n  self.__class__ = _cls\n else:\n  _set0(self, label)\n  _set1(self, path)\n  _set2(self, text)\n  _set3(self, reader)': _m318,
    'def __init__(self, left, op, op_start, op_end, right, negated, start, end):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.left = left\n  self.op = op\n  self.op_start = op_start\n  self.op_end = op_end\n  self.right = right\n  self.negated = negated\n  self.start = start\n  self.end = end\n  self.__class__ = _cls\n else:\n  _set0(self, left)\n  _set1(self, op)\n  _set2(self, op_start)\n  _set3(self, op_end)\n  _set4(self, right)\n  _set5(self, negated)\n  _set6(self, start)\n  _set7(self, end)': _m319,
    'def __init__(self, left, op, right, negated=_default3):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.left = left\n  self.op = op\n  self.right = right\n  self.negated = negated\n  self.__class__ = _cls\n else:\n  _set0(self, left)\n  _set1(self, op)\n  _set2(self, right)\n  _set3(self, negated)': _m320,
    'def __init__(self, level, source, skipped=_default2):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.level = level\n  self.source = source\n  self.skipped = skipped\n  self.__class__ = _cls\n else:\n  _set0(self, level)\n  _set1(self, source)\n  _set2(self, skipped)': _m321,
    "def __init__(self, line, column, message):\n _setattr(self, 'line', line)\n _setattr(self, 'column', column)\n _setattr(self, 'message', message)": _m322,
    'def __init__(self, lines, start, trailing):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.lines = lines\n  self.start = start\n  self.trailing = trailing\n  self.__class__ = _cls\n else:\n  _set0(self, lines)\n  _set1(self, start)\n  _set2(self, trailing)': _m323,
    'def __init__(self, major, minor):\n _set0(self, major)\n _set1(self, minor)': _m324,
    'def __init__(self, maps=_default0):\n _set0(self, maps)': _m325,
    'def __init__(self, matches, fallback, unbalanced):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.matches = matches\n  self.fallback = fallback\n  self.unbalanced = unbalanced\n  self.__class__ = _cls\n else:\n  _set0(self, matches)\n  _set1(self, fallback)\n  _set2(self, unbalanced)': _m326,
    "def __init__(self, max_parallel=_default0, outcomes=_FACTORY):\n _setattr(self, 'max_parallel', max_parallel)\n _setattr(self, 'outcomes', _factory1() if outcomes is _FACTORY else outcomes)": _m327,
    'def __init__(self, message, start, end):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.message = message\n  self.start = start\n  self.end = end\n  self.__class__ = _cls\n else:\n  _set0(self, message)\n  _set1(self, start)\n  _set2(self, end)': _m328,
    'def __init__(self, name, description, models, aliases=_default3, open=_default4, families=_default5, deprecated=_default6, extra=_default7):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.name = name\n  self.description = description\n  self.models = models\n  self.aliases = aliases\n  self.open = open\n  self.families = families\n  self.deprecated = deprecated\n  self.extra = extra\n  self.__class__ = _cls\n else:\n  _set0(self, name)\n  _set1(self, description)\n  _set2(self, models)\n  _set3(self, aliases)\n  _set4(self, open)\n  _set5(self, families)\n  _set6(self, deprecated)\n  _set7(self, extra)\n self.__post_init__()': _m329,
    'def __init__(self, name, format, settings=_FACTORY, presentation=_FACTORY, nodes=_FACTORY, edges=_FACTORY, setting_lines=_FACTORY):\n self.name = name\n self.format = format\n self.settings = _factory2() if settings is _FACTORY else settings\n self.presentation = _factory3() if presentation is _FACTORY else presentation\n self.nodes = _factory4() if nodes is _FACTORY else nodes\n self.edges = _factory5() if edges is _FACTORY else edges\n self.setting_lines = _factory6() if setting_lines is _FACTORY else setting_lines': _m330,
    'def __init__(self, name, kind, values, span):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.name = name\n  self.kind = kind\n  self.values = values\n  self.span = span\n  self.__class__ = _cls\n else:\n  _set0(self, name)\n  _set1(self, kind)\n  _set2(self, values)\n  _set3(self, span)': _m331,
    'def __init__(self, name, line, column, expectations, scenario, dippin=_default5, notes=_FACTORY, plan=_default7):\n self.name = name\n self.line = line\n self.column = column\n self.expectations = expectations\n self.scenario = scenario\n self.dippin = dippin\n self.notes = _factory6() if notes is _FACTORY else notes\n self.plan = plan': _m332,
    'def __init__(self, name, start, end):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.name = name\n  self.start = start\n  self.end = end\n  self.__class__ = _cls\n else:\n  _set0(self, name)\n  _set1(self, start)\n  _set2(self, end)': _m333,
    'def __init__(self, name, target, start, end, size=_default4):\n self.name = name\n self.target = target\n self.start = start\n self.end = end\n self.size = size': _m334,
    'def __init__(self, name, title=_default1, direction=_default2, boxes=_FACTORY, arrows=_FACTORY, clusters=_FACTORY, looks=_FACTORY, graph_attrs=_FACTORY, edge_font_size=_default8, edge_font_color=_default9):\n self.name = name\n self.title = title\n self.direction = direction\n self.boxes = _factory3() if boxes is _FACTORY else boxes\n self.arrows = _factory4() if arrows is _FACTORY else arrows\n self.clusters = _factory5() if clusters is _FACTORY else clusters\n self.looks = _factory6() if looks is _FACTORY else looks\n self.graph_attrs = _factory7() if graph_attrs is _FACTORY else graph_attrs\n self.edge_font_size = edge_font_size\n self.edge_font_color = edge_font_color': _m335,
    'def __init__(self, name, type, attrs, span):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.name = name\n  self.type = type\n  self.attrs = attrs\n  self.span = span\n  self.__class__ = _cls\n else:\n  _set0(self, name)\n  _set1(self, type)\n  _set2(self, attrs)\n  _set3(self, span)': _m336,
    'def __init__(self, new=_default0, old=_default1):\n _set0(self, new)\n _set1(self, old)': _m337,
    'def __init__(self, node, branches, join):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.node = node\n  self.branches = branches\n  self.join = join\n  self.__class__ = _cls\n else:\n  _set0(self, node)\n  _set1(self, branches)\n  _set2(self, join)': _m338,
    'def __init__(self, node, ctx, completed=_FACTORY, outcomes=_FACTORY, retries=_FACTORY, visits=_FACTORY, restarts=_default6, fallback_taken=_default7, gate_fallback=_default8, gate_recheck=_default9, covered=_default10, overridden=_default11, steps=_default12):\n self.node = node\n self.ctx = ctx\n self.completed = _factory2() if completed is _FACTORY else completed\n self.outcomes = _factory3() if outcomes is _FACTORY else outcomes\n self.retries = _factory4() if retries is _FACTORY else retries\n self.visits = _factory5() if visits is _FACTORY else visits\n self.restarts = restarts\n self.fallback_taken = fallback_taken\n self.gate_fallback = gate_fallback\n self.gate_recheck = gate_recheck\n self.covered = covered\n self.overridden = overridden\n self.steps = steps': _m339,
    'def __init__(self, node, handler, outcome, attempt=_default3, edge=_default4, writes=_default5, notes=_default6, within=_default7, depth=_default8, text=_default9, model_node=_default10):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.node = node\n  self.handler = handler\n  self.outcome = outcome\n  self.attempt = attempt\n  self.edge = edge\n  self.writes = writes\n  self.notes = notes\n  self.within = within\n  self.depth = depth\n  self.text = text\n  self.model_node = model_node\n  self.__class__ = _cls\n else:\n  _set0(self, node)\n  _set1(self, handler)\n  _set2(self, outcome)\n  _set3(self, attempt)\n  _set4(self, edge)\n  _set5(self, writes)\n  _set6(self, notes)\n  _set7(self, within)\n  _set8(self, depth)\n  _set9(self, text)\n  _set10(self, model_node)': _m340,
    'def __init__(self, node, key, item):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.node = node\n  self.key = key\n  self.item = item\n  self.__class__ = _cls\n else:\n  _set0(self, node)\n  _set1(self, key)\n  _set2(self, item)': _m341,
    "def __init__(self, node, rule, target, why, outcome, index):\n _setattr(self, 'node', node)\n _setattr(self, 'rule', rule)\n _setattr(self, 'target', target)\n _setattr(self, 'why', why)\n _setattr(self, 'outcome', outcome)\n _setattr(self, 'index', index)": _m342,
    'def __init__(self, node, text, masked):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.node = node\n  self.text = text\n  self.masked = masked\n  self.__class__ = _cls\n else:\n  _set0(self, node)\n  _set1(self, text)\n  _set2(self, masked)': _m343,
    'def __init__(self, node_defaults=_FACTORY, edge_defaults=_FACTORY, created=_FACTORY, label=_default3):\n self.node_defaults = _factory0() if node_defaults is _FACTORY else node_defaults\n self.edge_defaults = _factory1() if edge_defaults is _FACTORY else edge_defaults\n self.created = _factory2() if created is _FACTORY else created\n self.label = label': _m344,
    'def __init__(self, nodes, edges, rest):\n self.nodes = nodes\n self.edges = edges\n self.rest = rest': _m345,
    'def __init__(self, nodes, skipped, cleared=_default2):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.nodes = nodes\n  self.skipped = skipped\n  self.cleared = cleared\n  self.__class__ = _cls\n else:\n  _set0(self, nodes)\n  _set1(self, skipped)\n  _set2(self, cleared)': _m346,
    'def __init__(self, nodes=_default0, work=_FACTORY):\n self.nodes = nodes\n self.work = _factory1() if work is _FACTORY else work': _m347,
    "def __init__(self, number, indent, text):\n _setattr(self, 'number', number)\n _setattr(self, 'indent', indent)\n _setattr(self, 'text', text)": _m348,
    'def __init__(self, obj, index, parent, depth, js, subtasks=_FACTORY, deps=_FACTORY, dropped=_FACTORY, inherited=_FACTORY):\n self.obj = obj\n self.index = index\n self.parent = parent\n self.depth = depth\n self.js = js\n self.subtasks = _factory5() if subtasks is _FACTORY else subtasks\n self.deps = _factory6() if deps is _FACTORY else deps\n self.dropped = _factory7() if dropped is _FACTORY else dropped\n self.inherited = _factory8() if inherited is _FACTORY else inherited': _m349,
    'def __init__(self, old, new, changes, effects):\n self.old = old\n self.new = new\n self.changes = changes\n self.effects = effects': _m350,
    'def __init__(self, op, items, start, end, symbols=_default4):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.op = op\n  self.items = items\n  self.start = start\n  self.end = end\n  self.symbols = symbols\n  self.__class__ = _cls\n else:\n  _set0(self, op)\n  _set1(self, items)\n  _set2(self, start)\n  _set3(self, end)\n  _set4(self, symbols)': _m351,
    'def __init__(self, open_start, open_end, body_start, body_end, close_start, close_end, info):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.open_start = open_start\n  self.open_end = open_end\n  self.body_start = body_start\n  self.body_end = body_end\n  self.close_start = close_start\n  self.close_end = close_end\n  self.info = info\n  self.__class__ = _cls\n else:\n  _set0(self, open_start)\n  _set1(self, open_end)\n  _set2(self, body_start)\n  _set3(self, body_end)\n  _set4(self, close_start)\n  _set5(self, close_end)\n  _set6(self, info)': _m352,
    'def __init__(self, outcome=_default0, label=_default1, text=_default2, stdout=_default3, stderr=_default4, exit_code=_default5, writes=_default6, cycles=_default7, marker=_default8, why=_default9):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.outcome = outcome\n  self.label = label\n  self.text = text\n  self.stdout = stdout\n  self.stderr = stderr\n  self.exit_code = exit_code\n  self.writes = writes\n  self.cycles = cycles\n  self.marker = marker\n  self.why = why\n  self.__class__ = _cls\n else:\n  _set0(self, outcome)\n  _set1(self, label)\n  _set2(self, text)\n  _set3(self, stdout)\n  _set4(self, stderr)\n  _set5(self, exit_code)\n  _set6(self, writes)\n  _set7(self, cycles)\n  _set8(self, marker)\n  _set9(self, why)': _m353,
    'def __init__(self, own=_FACTORY, foreign=_FACTORY):\n self.own = _factory0() if own is _FACTORY else own\n self.foreign = _factory1() if foreign is _FACTORY else foreign': _m354,
    'def __init__(self, pace, start=_default1, end=_default2, what=_default3):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.pace = pace\n  self.start = start\n  self.end = end\n  self.what = what\n  self.__class__ = _cls\n else:\n  _set0(self, pace)\n  _set1(self, start)\n  _set2(self, end)\n  _set3(self, what)': _m355,
    "def __init__(self, pairs, branch=_default1):\n _setattr(self, 'pairs', pairs)\n _setattr(self, 'branch', branch)": _m356,
    'def __init__(self, pairs, flow, tag, start, end=_default4, size=_default5):\n self.pairs = pairs\n self.flow = flow\n self.tag = tag\n self.start = start\n self.end = end\n self.size = size': _m357,
    'def __init__(self, pairs, removed, added):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.pairs = pairs\n  self.removed = removed\n  self.added = added\n  self.__class__ = _cls\n else:\n  _set0(self, pairs)\n  _set1(self, removed)\n  _set2(self, added)': _m358,
    'def __init__(self, parallel, branches, join, lossy, policy=_default4):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.parallel = parallel\n  self.branches = branches\n  self.join = join\n  self.lossy = lossy\n  self.policy = policy\n  self.__class__ = _cls\n else:\n  _set0(self, parallel)\n  _set1(self, branches)\n  _set2(self, join)\n  _set3(self, lossy)\n  _set4(self, policy)': _m359,
    'def __init__(self, parents=_default0, provided=_default1, read_above=_default2, child_hint=_default3, bound=_default4):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.parents = parents\n  self.provided = provided\n  self.read_above = read_above\n  self.child_hint = child_hint\n  self.bound = bound\n  self.__class__ = _cls\n else:\n  _set0(self, parents)\n  _set1(self, provided)\n  _set2(self, read_above)\n  _set3(self, child_hint)\n  _set4(self, bound)': _m360,
    'def __init__(self, path, graph, machine, scenario, config, diagnostics=_FACTORY):\n self.path = path\n self.graph = graph\n self.machine = machine\n self.scenario = scenario\n self.config = config\n self.diagnostics = _factory5() if diagnostics is _FACTORY else diagnostics': _m361,
    'def __init__(self, path, kind, tree, items, workflow, warnings=_FACTORY):\n self.path = path\n self.kind = kind\n self.tree = tree\n self.items = items\n self.workflow = workflow\n self.warnings = _factory5() if warnings is _FACTORY else warnings': _m362,
    'def __init__(self, path, kind, workflow, tests=_FACTORY, warnings=_FACTORY):\n self.path = path\n self.kind = kind\n self.workflow = workflow\n self.tests = _factory3() if tests is _FACTORY else tests\n self.warnings = _factory4() if warnings is _FACTORY else warnings': _m363,
    'def __init__(self, path, kind, workflow=_default2, results=_FACTORY, error=_default4, warnings=_FACTORY, prepared=_default6):\n self.path = path\n self.kind = kind\n self.workflow = workflow\n self.results = _factory3() if results is _FACTORY else results\n self.error = error\n self.warnings = _factory5() if warnings is _FACTORY else warnings\n self.prepared = prepared': _m364,
    'def __init__(self, path, original, text, result, applied=_FACTORY, rejected=_FACTORY, breaks=_FACTORY, passes=_default7, converged=_default8, named=_default9):\n self.path = path\n self.original = original\n self.text = text\n self.result = result\n self.applied = _factory4() if applied is _FACTORY else applied\n self.rejected = _factory5() if rejected is _FACTORY else rejected\n self.breaks = _factory6() if breaks is _FACTORY else breaks\n self.passes = passes\n self.converged = converged\n self.named = named': _m365,
    'def __init__(self, path, plan, diagnostics, warnings):\n self.path = path\n self.plan = plan\n self.diagnostics = diagnostics\n self.warnings = warnings': _m366,
    'def __init__(self, path, source, workflow, diagnostics=_FACTORY, dependencies=_FACTORY, not_a_workflow=_default5):\n self.path = path\n self.source = source\n self.workflow = workflow\n self.diagnostics = _factory3() if diagnostics is _FACTORY else diagnostics\n self.dependencies = _factory4() if dependencies is _FACTORY else dependencies\n self.not_a_workflow = not_a_workflow': _m367,
    'def __init__(self, path, text):\n self.path = path\n self.text = text': _m368,
    'def __init__(self, path, workflow, node):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.path = path\n  self.workflow = workflow\n  self.node = node\n  self.__class__ = _cls\n else:\n  _set0(self, path)\n  _set1(self, workflow)\n  _set2(self, node)': _m369,
    'def __init__(self, path=_FACTORY, status=_default1, message=_default2, decisions=_FACTORY):\n self.path = _factory0() if path is _FACTORY else path\n self.status = status\n self.message = message\n self.decisions = _factory3() if decisions is _FACTORY else decisions': _m370,
    'def __init__(self, path=_default0, context=_FACTORY, nodes=_FACTORY, max_steps=_default3):\n self.path = path\n self.context = _factory1() if context is _FACTORY else context\n self.nodes = _factory2() if nodes is _FACTORY else nodes\n self.max_steps = max_steps': _m371,
    'def __init__(self, paths=_FACTORY, states=_default1, truncated=_default2, halted=_default3, capped=_default4, taken_edges=_FACTORY, stuck=_FACTORY, routed=_FACTORY, gate_checks=_FACTORY, restart_edges=_FACTORY, succeeded=_default10, exhausted_restarts=_default11, fewest_restarts=_default12):\n self.paths = _factory0() if paths is _FACTORY else paths\n self.states = states\n self.truncated = truncated\n self.halted = halted\n self.capped = capped\n self.taken_edges = _factory5() if taken_edges is _FACTORY else taken_edges\n self.stuck = _factory6() if stuck is _FACTORY else stuck\n self.routed = _factory7() if routed is _FACTORY else routed\n self.gate_checks = _factory8() if gate_checks is _FACTORY else gate_checks\n self.restart_edges = _factory9() if restart_edges is _FACTORY else restart_edges\n self.succeeded = succeeded\n self.exhausted_restarts = exhausted_restarts\n self.fewest_restarts = fewest_restarts': _m372,
    "def __init__(self, plan_map=_default0, tdd=_default1, plan_map_max=_default2):\n _setattr(self, 'plan_map', plan_map)\n _setattr(self, 'tdd', tdd)\n _setattr(self, 'plan_map_max', plan_map_max)": _m373,
    'def __init__(self, problems=_FACTORY, lines=_FACTORY):\n self.problems = _factory0() if problems is _FACTORY else problems\n self.lines = _factory1() if lines is _FACTORY else lines': _m374,
    'def __init__(self, provider, family, selector, model, problem):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.provider = provider\n  self.family = family\n  self.selector = selector\n  self.model = model\n  self.problem = problem\n  self.__class__ = _cls\n else:\n  _set0(self, provider)\n  _set1(self, family)\n  _set2(self, selector)\n  _set3(self, model)\n  _set4(self, problem)': _m375,
    "def __init__(self, providers, _index=_FACTORY):\n _setattr(self, 'providers', providers)\n _setattr(self, '_index', _factory1() if _index is _FACTORY else _index)\n self.__post_init__()": _m376,
    'def __init__(self, raw, text, span, expr, error=_default4, error_start=_default5, error_end=_default6, shorthand=_default7):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.raw = raw\n  self.text = text\n  self.span = span\n  self.expr = expr\n  self.error = error\n  self.error_start = error_start\n  self.error_end = error_end\n  self.shorthand = shorthand\n  self.__class__ = _cls\n else:\n  _set0(self, raw)\n  _set1(self, text)\n  _set2(self, span)\n  _set3(self, expr)\n  _set4(self, error)\n  _set5(self, error_start)\n  _set6(self, error_end)\n  _set7(self, shorthand)': _m377,
    'def __init__(self, ref, key, after, where):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.ref = ref\n  self.key = key\n  self.after = after\n  self.where = where\n  self.__class__ = _cls\n else:\n  _set0(self, ref)\n  _set1(self, key)\n  _set2(self, after)\n  _set3(self, where)': _m378,
    'def __init__(self, ref, key, edge, loop, writers, sometimes):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.ref = ref\n  self.key = key\n  self.edge = edge\n  self.loop = loop\n  self.writers = writers\n  self.sometimes = sometimes\n  self.__class__ = _cls\n else:\n  _set0(self, ref)\n  _set1(self, key)\n  _set2(self, edge)\n  _set3(self, loop)\n  _set4(self, writers)\n  _set5(self, sometimes)': _m379,
    'def __init__(self, ref, path, workflow, problem, missing=_default4, special=_default5, outside=_default6):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.ref = ref\n  self.path = path\n  self.workflow = workflow\n  self.problem = problem\n  self.missing = missing\n  self.special = special\n  self.outside = outside\n  self.__class__ = _cls\n else:\n  _set0(self, ref)\n  _set1(self, path)\n  _set2(self, workflow)\n  _set3(self, problem)\n  _set4(self, missing)\n  _set5(self, special)\n  _set6(self, outside)': _m380,
    'def __init__(self, route, edge=_default1, target=_default2, origin=_default3, rest=_default4):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.route = route\n  self.edge = edge\n  self.target = target\n  self.origin = origin\n  self.rest = rest\n  self.__class__ = _cls\n else:\n  _set0(self, route)\n  _set1(self, edge)\n  _set2(self, target)\n  _set3(self, origin)\n  _set4(self, rest)': _m381,
    'def __init__(self, section, match, message, codes, reason=_default4):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.section = section\n  self.match = match\n  self.message = message\n  self.codes = codes\n  self.reason = reason\n  self.__class__ = _cls\n else:\n  _set0(self, section)\n  _set1(self, match)\n  _set2(self, message)\n  _set3(self, codes)\n  _set4(self, reason)': _m382,
    "def __init__(self, select=_default0, extend_select=_default1, ignore=_default2, per_file_ignores=_default3, exclude=_default4, include=_default5, severity=_default6, fail_on=_default7, target=_default8, dialects=_default9, extra_models=_default10, ordewell_runners=_default11, format_exclude=_default12, path=_default13, root=_default14):\n _setattr(self, 'select', select)\n _setattr(self, 'extend_select', extend_select)\n _setattr(self, 'ignore', ignore)\n _setattr(self, 'per_file_ignores', per_file_ignores)\n _setattr(self, 'exclude', exclude)\n _setattr(self, 'include', include)\n _setattr(self, 'severity', severity)\n _setattr(self, 'fail_on', fail_on)\n _setattr(self, 'target', target)\n _setattr(self, 'dialects', dialects)\n _setattr(self, 'extra_models', extra_models)\n _setattr(self, 'ordewell_runners', ordewell_runners)\n _setattr(self, 'format_exclude', format_exclude)\n _setattr(self, 'path', path)\n _setattr(self, 'root', root)": _m383,
    'def __init__(self, selection, rejected, reason, why):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.selection = selection\n  self.rejected = rejected\n  self.reason = reason\n  self.why = why\n  self.__class__ = _cls\n else:\n  _set0(self, selection)\n  _set1(self, rejected)\n  _set2(self, reason)\n  _set3(self, why)': _m384,
    'def __init__(self, selectors, properties, problems):\n self.selectors = selectors\n self.properties = properties\n self.problems = problems': _m385,
    'def __init__(self, source, error):\n _set0(self, source)\n _set1(self, error)': _m386,
    "def __init__(self, source, format, name, decl_span, version=_default4, header=_default5, defaults=_default6, vars=_default7, inputs=_default8, nodes=_default9, edges=_default10, else_target=_default11, else_span=_default12, stylesheet=_default13, references=_default14, sources=_default15, dialect=_default16, selectors=_default17, mentions=_default18, plan=_default19, ends=_default20):\n _setattr(self, 'source', source)\n _setattr(self, 'format', format)\n _setattr(self, 'name', name)\n _setattr(self, 'decl_span', decl_span)\n _setattr(self, 'version', version)\n _setattr(self, 'header', header)\n _setattr(self, 'defaults', defaults)\n _setattr(self, 'vars', vars)\n _setattr(self, 'inputs', inputs)\n _setattr(self, 'nodes', nodes)\n _setattr(self, 'edges', edges)\n _setattr(self, 'else_target', else_target)\n _setattr(self, 'else_span', else_span)\n _setattr(self, 'stylesheet', stylesheet)\n _setattr(self, 'references', references)\n _setattr(self, 'sources', sources)\n _setattr(self, 'dialect', dialect)\n _setattr(self, 'selectors', selectors)\n _setattr(self, 'mentions', mentions)\n _setattr(self, 'plan', plan)\n _setattr(self, 'ends', ends)\n self.__post_init__()": _m387,
    'def __init__(self, source, kind, tasks, flat, root, tasks_member, runners=_default6, runners_from_session=_default7, stored=_default8, candidates=_FACTORY, selected=_default10, linted=_default11, session_meta=_default12, rewrites=_FACTORY, comma_offsets=_FACTORY, running=_default15):\n self.source = source\n self.kind = kind\n self.tasks = tasks\n self.flat = flat\n self.root = root\n self.tasks_member = tasks_member\n self.runners = runners\n self.runners_from_session = runners_from_session\n self.stored = stored\n self.candidates = _factory9() if candidates is _FACTORY else candidates\n self.selected = selected\n self.linted = linted\n self.session_meta = session_meta\n self.rewrites = _factory13() if rewrites is _FACTORY else rewrites\n self.comma_offsets = _factory14() if comma_offsets is _FACTORY else comma_offsets\n self.running = running': _m388,
    'def __init__(self, source, raw_blocks, base_dir, display_base, reader):\n self.source = source\n self.raw_blocks = raw_blocks\n self.base_dir = base_dir\n self.display_base = display_base\n self.reader = reader\n self.__post_init__()': _m389,
    'def __init__(self, source, target, condition, key, label, choice, weight, back, override, implicit, line=_default10):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.source = source\n  self.target = target\n  self.condition = condition\n  self.key = key\n  self.label = label\n  self.choice = choice\n  self.weight = weight\n  self.back = back\n  self.override = override\n  self.implicit = implicit\n  self.line = line\n  self.__class__ = _cls\n else:\n  _set0(self, source)\n  _set1(self, target)\n  _set2(self, condition)\n  _set3(self, key)\n  _set4(self, label)\n  _set5(self, choice)\n  _set6(self, weight)\n  _set7(self, back)\n  _set8(self, override)\n  _set9(self, implicit)\n  _set10(self, line)': _m390,
    'def __init__(self, source, target, label=_default2, look=_default3, tooltip=_default4, constraint=_default5):\n self.source = source\n self.target = target\n self.label = label\n self.look = look\n self.tooltip = tooltip\n self.constraint = constraint': _m391,
    'def __init__(self, source, target, reason, why, edge=_default4, rejected=_default5, restart=_default6, override=_default7, restart_why=_default8):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.source = source\n  self.target = target\n  self.reason = reason\n  self.why = why\n  self.edge = edge\n  self.rejected = rejected\n  self.restart = restart\n  self.override = override\n  self.restart_why = restart_why\n  self.__class__ = _cls\n else:\n  _set0(self, source)\n  _set1(self, target)\n  _set2(self, reason)\n  _set3(self, why)\n  _set4(self, edge)\n  _set5(self, rejected)\n  _set6(self, restart)\n  _set7(self, override)\n  _set8(self, restart_why)': _m392,
    'def __init__(self, source, target, span, attrs):\n self.source = source\n self.target = target\n self.span = span\n self.attrs = attrs': _m393,
    'def __init__(self, source, target, span, condition=_default3, attrs=_default4, implicit=_default5):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.source = source\n  self.target = target\n  self.span = span\n  self.condition = condition\n  self.attrs = attrs\n  self.implicit = implicit\n  self.conditional = _default6\n  self.is_back_edge = _default7\n  self.__class__ = _cls\n else:\n  _set0(self, source)\n  _set1(self, target)\n  _set2(self, span)\n  _set3(self, condition)\n  _set4(self, attrs)\n  _set5(self, implicit)\n  _set6(self, _default6)\n  _set7(self, _default7)\n self.__post_init__()': _m394,
    'def __init__(self, span):\n self.span = span': _m395,
    'def __init__(self, span, directive, problems, kind, rewrite, lines, file_wide, removal):\n self.span = span\n self.directive = directive\n self.problems = problems\n self.kind = kind\n self.rewrite = rewrite\n self.lines = lines\n self.file_wide = file_wide\n self.removal = removal': _m396,
    'def __init__(self, span, items=_FACTORY):\n self.span = span\n self.items = _factory1() if items is _FACTORY else items': _m397,
    'def __init__(self, span, members=_FACTORY, _index=_default2):\n self.span = span\n self.members = _factory1() if members is _FACTORY else members\n self._index = _index': _m398,
    'def __init__(self, span, message):\n _set0(self, span)\n _set1(self, message)': _m399,
    'def __init__(self, span, message):\n _set0(self, span)\n _set1(self, message)\n self.__post_init__()': _m400,
    'def __init__(self, span, message, code=_default2, severity=_default3):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.span = span\n  self.message = message\n  self.code = code\n  self.severity = severity\n  self.__class__ = _cls\n else:\n  _set0(self, span)\n  _set1(self, message)\n  _set2(self, code)\n  _set3(self, severity)': _m401,
    'def __init__(self, span, root, error, error_span=_default3, over_limit=_default4):\n self.span = span\n self.root = root\n self.error = error\n self.error_span = error_span\n self.over_limit = over_limit': _m402,
    'def __init__(self, span, text):\n _set0(self, span)\n _set1(self, text)': _m403,
    'def __init__(self, span, value):\n self.span = span\n self.value = value': _m404,
    'def __init__(self, span, value, segments=_default2):\n self.span = span\n self.value = value\n self.segments = segments': _m405,
    'def __init__(self, stamp, included, symbols):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.stamp = stamp\n  self.included = included\n  self.symbols = symbols\n  self.__class__ = _cls\n else:\n  _set0(self, stamp)\n  _set1(self, included)\n  _set2(self, symbols)': _m406,
    'def __init__(self, start, end, message):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.start = start\n  self.end = end\n  self.message = message\n  self.__class__ = _cls\n else:\n  _set0(self, start)\n  _set1(self, end)\n  _set2(self, message)': _m407,
    'def __init__(self, start, end, type, modifiers, priority):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.start = start\n  self.end = end\n  self.type = type\n  self.modifiers = modifiers\n  self.priority = priority\n  self.__class__ = _cls\n else:\n  _set0(self, start)\n  _set1(self, end)\n  _set2(self, type)\n  _set3(self, modifiers)\n  _set4(self, priority)': _m408,
    'def __init__(self, start, end, what):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.start = start\n  self.end = end\n  self.what = what\n  self.__class__ = _cls\n else:\n  _set0(self, start)\n  _set1(self, end)\n  _set2(self, what)': _m409,
    'def __init__(self, statement, pattern):\n _set0(self, statement)\n _set1(self, pattern)': _m410,
    'def __init__(self, status, message, node=_default2, error=_default3, cause=_default4, rejected=_default5):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.status = status\n  self.message = message\n  self.node = node\n  self.error = error\n  self.cause = cause\n  self.rejected = rejected\n  self.__class__ = _cls\n else:\n  _set0(self, status)\n  _set1(self, message)\n  _set2(self, node)\n  _set3(self, error)\n  _set4(self, cause)\n  _set5(self, rejected)': _m411,
    'def __init__(self, status, updates=_FACTORY, preferred=_default2, suggested=_default3, error=_default4, limit=_default5, notes=_FACTORY, nested=_FACTORY, override_ok=_default8, child_overridden=_default9):\n self.status = status\n self.updates = _factory1() if updates is _FACTORY else updates\n self.preferred = preferred\n self.suggested = suggested\n self.error = error\n self.limit = limit\n self.notes = _factory6() if notes is _FACTORY else notes\n self.nested = _factory7() if nested is _FACTORY else nested\n self.override_ok = override_ok\n self.child_overridden = child_overridden': _m412,
    'def __init__(self, steps, end, ctx):\n self.steps = steps\n self.end = end\n self.ctx = ctx\n self.__post_init__()': _m413,
    'def __init__(self, steps, nodes, key, reader, steps_run, productions, producers):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.steps = steps\n  self.nodes = nodes\n  self.key = key\n  self.reader = reader\n  self.steps_run = steps_run\n  self.productions = productions\n  self.producers = producers\n  self.__class__ = _cls\n else:\n  _set0(self, steps)\n  _set1(self, nodes)\n  _set2(self, key)\n  _set3(self, reader)\n  _set4(self, steps_run)\n  _set5(self, productions)\n  _set6(self, producers)': _m414,
    'def __init__(self, steps, state=_default1, end=_default2, taken=_default3, label=_default4, gates=_default5):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.steps = steps\n  self.state = state\n  self.end = end\n  self.taken = taken\n  self.label = label\n  self.gates = gates\n  self.__class__ = _cls\n else:\n  _set0(self, steps)\n  _set1(self, state)\n  _set2(self, end)\n  _set3(self, taken)\n  _set4(self, label)\n  _set5(self, gates)': _m415,
    'def __init__(self, steps=_FACTORY, end=_default1):\n self.steps = _factory0() if steps is _FACTORY else steps\n self.end = end': _m416,
    'def __init__(self, structure, content, line):\n self.structure = structure\n self.content = content\n self.line = line': _m417,
    'def __init__(self, suggestions, unreached, taken, untried, max_seconds=_default4):\n self.suggestions = suggestions\n self.unreached = unreached\n self.taken = taken\n self.untried = untried\n self.max_seconds = max_seconds': _m418,
    'def __init__(self, target, fields, span):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.target = target\n  self.fields = fields\n  self.span = span\n  self.__class__ = _cls\n else:\n  _set0(self, target)\n  _set1(self, fields)\n  _set2(self, span)': _m419,
    'def __init__(self, task, start, end, how):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.task = task\n  self.start = start\n  self.end = end\n  self.how = how\n  self.__class__ = _cls\n else:\n  _set0(self, task)\n  _set1(self, start)\n  _set2(self, end)\n  _set3(self, how)': _m420,
    'def __init__(self, task, value, node):\n self.task = task\n self.value = value\n self.node = node': _m421,
    'def __init__(self, task, wave, receives, without_output, indirect_mask, flat):\n self.task = task\n self.wave = wave\n self.receives = receives\n self.without_output = without_output\n self.indirect_mask = indirect_mask\n self.flat = flat': _m422,
    'def __init__(self, text, content=_default1):\n _set0(self, text)\n _set1(self, content)': _m423,
    'def __init__(self, text, negations, left, op, right_raw):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.text = text\n  self.negations = negations\n  self.left = left\n  self.op = op\n  self.right_raw = right_raw\n  self.__class__ = _cls\n else:\n  _set0(self, text)\n  _set1(self, negations)\n  _set2(self, left)\n  _set3(self, op)\n  _set4(self, right_raw)': _m424,
    'def __init__(self, text, notes=_FACTORY):\n self.text = text\n self.notes = _factory1() if notes is _FACTORY else notes': _m425,
    'def __init__(self, text, parts):\n _set0(self, text)\n _set1(self, parts)': _m426,
    'def __init__(self, text, start, end):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.text = text\n  self.start = start\n  self.end = end\n  self.__class__ = _cls\n else:\n  _set0(self, text)\n  _set1(self, start)\n  _set2(self, end)': _m427,
    'def __init__(self, text, start, end, quoted=_default3):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.text = text\n  self.start = start\n  self.end = end\n  self.quoted = quoted\n  self.__class__ = _cls\n else:\n  _set0(self, text)\n  _set1(self, start)\n  _set2(self, end)\n  _set3(self, quoted)': _m428,
    'def __init__(self, text, start, end, value, expands):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.text = text\n  self.start = start\n  self.end = end\n  self.value = value\n  self.expands = expands\n  self.__class__ = _cls\n else:\n  _set0(self, text)\n  _set1(self, start)\n  _set2(self, end)\n  _set3(self, value)\n  _set4(self, expands)': _m429,
    'def __init__(self, text, target, path, notes, parity, converted):\n self.text = text\n self.target = target\n self.path = path\n self.notes = notes\n self.parity = parity\n self.converted = converted': _m430,
    'def __init__(self, tokens=_FACTORY, strings=_FACTORY, problems=_FACTORY, comments=_FACTORY, over_limit=_default4, count=_default5, marked=_default6):\n self.tokens = _factory0() if tokens is _FACTORY else tokens\n self.strings = _factory1() if strings is _FACTORY else strings\n self.problems = _factory2() if problems is _FACTORY else problems\n self.comments = _factory3() if comments is _FACTORY else comments\n self.over_limit = over_limit\n self.count = count\n self.marked = marked': _m431,
    'def __init__(self, type, doc):\n _set0(self, type)\n _set1(self, doc)': _m432,
    'def __init__(self, uri, path, language_id, generation=_default3, snapshot=_default4, published=_default5, timer=_default6, quick=_default7, pause=_default8, lock=_FACTORY, closed=_default10):\n self.uri = uri\n self.path = path\n self.language_id = language_id\n self.generation = generation\n self.snapshot = snapshot\n self.published = published\n self.timer = timer\n self.quick = quick\n self.pause = pause\n self.lock = _factory9() if lock is _FACTORY else lock\n self.closed = closed': _m433,
    'def __init__(self, uri, version, generation, result_id, path, fmt, root, result, converted, deps, encoding, stamps=_FACTORY):\n self.uri = uri\n self.version = version\n self.generation = generation\n self.result_id = result_id\n self.path = path\n self.fmt = fmt\n self.root = root\n self.result = result\n self.converted = converted\n self.deps = deps\n self.encoding = encoding\n self.stamps = _factory11() if stamps is _FACTORY else stamps': _m434,
    "def __init__(self, uri, version, generation, text, path, fmt, config, open_texts, root, encoding, quick=_default10, line_starts=_default11):\n _setattr(self, 'uri', uri)\n _setattr(self, 'version', version)\n _setattr(self, 'generation', generation)\n _setattr(self, 'text', text)\n _setattr(self, 'path', path)\n _setattr(self, 'fmt', fmt)\n _setattr(self, 'config', config)\n _setattr(self, 'open_texts', open_texts)\n _setattr(self, 'root', root)\n _setattr(self, 'encoding', encoding)\n _setattr(self, 'quick', quick)\n _setattr(self, 'line_starts', line_starts)": _m435,
    'def __init__(self, value, source, segments):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.value = value\n  self.source = source\n  self.segments = segments\n  self.__class__ = _cls\n else:\n  _set0(self, value)\n  _set1(self, source)\n  _set2(self, segments)': _m436,
    'def __init__(self, value, span):\n _set0(self, value)\n _set1(self, span)': _m437,
    'def __init__(self, value, style, tag, start, end, raw_end, size=_default6):\n self.value = value\n self.style = style\n self.tag = tag\n self.start = start\n self.end = end\n self.raw_end = raw_end\n self.size = size': _m438,
    'def __init__(self, variable, op, values, negated, compare):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.variable = variable\n  self.op = op\n  self.values = values\n  self.negated = negated\n  self.compare = compare\n  self.__class__ = _cls\n else:\n  _set0(self, variable)\n  _set1(self, op)\n  _set2(self, values)\n  _set3(self, negated)\n  _set4(self, compare)': _m439,
    'def __init__(self, waves, completed, failed, all_complete):\n self.waves = waves\n self.completed = completed\n self.failed = failed\n self.all_complete = all_complete': _m440,
    'def __init__(self, waves, user_waves, starts, completed, failed, blocked, on_hold, not_run, stopped_by_failure, all_complete, refused=_default10):\n self.waves = waves\n self.user_waves = user_waves\n self.starts = starts\n self.completed = completed\n self.failed = failed\n self.blocked = blocked\n self.on_hold = on_hold\n self.not_run = not_run\n self.stopped_by_failure = stopped_by_failure\n self.all_complete = all_complete\n self.refused = refused': _m441,
    'def __init__(self, what, node, fields, branch):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.what = what\n  self.node = node\n  self.fields = fields\n  self.branch = branch\n  self.__class__ = _cls\n else:\n  _set0(self, what)\n  _set1(self, node)\n  _set2(self, fields)\n  _set3(self, branch)': _m442,
    'def __init__(self, words, redirects, start, end, certain, piped):\n if self.__class__ is _cls:\n  _set_class(self, _twin)\n  self.words = words\n  self.redirects = redirects\n  self.start = start\n  self.end = end\n  self.certain = certain\n  self.piped = piped\n  self.__class__ = _cls\n else:\n  _set0(self, words)\n  _set1(self, redirects)\n  _set2(self, start)\n  _set3(self, end)\n  _set4(self, certain)\n  _set5(self, piped)': _m443,
    'def __init__(self, workflow, diagnostics=_FACTORY):\n self.workflow = workflow\n self.diagnostics = _factory1() if diagnostics is _FACTORY else diagnostics': _m444,
    'def __init__(self, workflow, items=_FACTORY, visits=_FACTORY):\n self.workflow = workflow\n self.items = _factory1() if items is _FACTORY else items\n self.visits = _factory2() if visits is _FACTORY else visits': _m445,
    'def __init__(self, workflow, shape, fires, complete, succeeds, findings, edge_ids=_FACTORY, proven_dead=_FACTORY):\n self.workflow = workflow\n self.shape = shape\n self.fires = fires\n self.complete = complete\n self.succeeds = succeeds\n self.findings = findings\n self.edge_ids = _factory6() if edge_ids is _FACTORY else edge_ids\n self.proven_dead = _factory7() if proven_dead is _FACTORY else proven_dead': _m446,
}
