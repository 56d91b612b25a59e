def choose(state, pending, policy):
    return None
