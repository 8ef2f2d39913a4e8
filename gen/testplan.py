def plan(inst, p):
    return {}
